package portfolio_test

import (
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/portfolio"
)

func TestFXRate(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		rate := func(v string) item { return item{"_type": "BigDecimal", "_val": v} }
		date := func(v string) item { return item{"_type": "Date", "_val": v} }
		for _, tc := range []struct {
			path string
			want item
		}{
			{"security/GBPUSD/FX", item{"pair": "GBPUSD", "base_currency": "GBP", "quote_currency": "USD", "rate": rate("1.2500"), "rate_date": date("2026-11-20")}},
			{"security/GBP-USD/FX", item{"pair": "GBPUSD", "base_currency": "GBP", "quote_currency": "USD", "rate": rate("1.2500"), "rate_date": date("2026-11-20")}},
			{"security/GBP%2FUSD/FX", item{"pair": "GBPUSD", "base_currency": "GBP", "quote_currency": "USD", "rate": rate("1.2500"), "rate_date": date("2026-11-20")}},
			{"security/gbp%20usd/FX", item{"pair": "GBPUSD", "base_currency": "GBP", "quote_currency": "USD", "rate": rate("1.2500"), "rate_date": date("2026-11-20")}},
			// The inverse pair, an earlier date, pence.
			{"security/USDGBP/FX", item{"pair": "USDGBP", "base_currency": "USD", "quote_currency": "GBP", "rate": rate("0.8000"), "rate_date": date("2026-11-20")}},
			{"security/GBPUSD/FX?date=2026-11-10", item{"pair": "GBPUSD", "base_currency": "GBP", "quote_currency": "USD", "rate": rate("1.2800"), "rate_date": date("2026-11-02")}},
			{"security/USDGBX/FX?as_at_date=2026-10-15", item{"pair": "USDGBX", "base_currency": "USD", "quote_currency": "GBX", "rate": rate("76.9231"), "rate_date": date("2026-10-01")}},
			{"security/GBXGBP/FX", item{"pair": "GBXGBP", "base_currency": "GBX", "quote_currency": "GBP", "rate": rate("0.0100"), "rate_date": date("2026-11-22")}},
		} {
			var got item
			f.getOK(t, "alice", tc.path, &got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s:\n got %v\nwant %v", tc.path, got, tc.want)
			}
		}
		unavailable := `{"user_message":"Conversion rate unavailable","api_message":"Conversion rate unavailable"}`
		for _, path := range []string{"security/GBPJPY/FX", "security/GBPUSD/FX?date=2026-09-30"} {
			if code, body := f.get(t, "ann", path); code != 404 || body != unavailable {
				t.Errorf("%s: %d %s, want 404 %s", path, code, body, unavailable)
			}
		}
		for _, path := range []string{"security/GBPUS/FX", "security/GB1USD/FX", "security/GBPUSD/FX?date=yesterday"} {
			if code, body := f.get(t, "alice", path); code != 400 {
				t.Errorf("%s: %d %s, want 400", path, code, body)
			}
		}
	})
}

func TestParseCurrencyPair(t *testing.T) {
	for _, tc := range []struct{ in, base, quote string }{
		{"GBPUSD", "GBP", "USD"}, {"gbp-usd", "GBP", "USD"}, {"GBP/EUR", "GBP", "EUR"}, {" EUR_GBP ", "EUR", "GBP"},
	} {
		if b, q, err := portfolio.ParseCurrencyPair(tc.in); err != nil || b != tc.base || q != tc.quote {
			t.Errorf("%q: %s %s %v", tc.in, b, q, err)
		}
	}
	for _, in := range []string{"", "GBP", "GBPUSDX", "GBP.USD", "£GBPUSD"} {
		if _, _, err := portfolio.ParseCurrencyPair(in); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func TestBenchmarks(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/benchmark", &list)
		want := []item{{"id": 1.0, "name": "FTSE All-Share", "currency": "GBP"}, {"id": 2.0, "name": "S&P 500", "currency": "USD"}}
		if !reflect.DeepEqual(list, want) {
			t.Errorf("benchmarks: %v", list)
		}
	})
}

// Without target sets stored, the lists are empty and a named one does not exist.
func TestTargetSets(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, path := range []string{"portfolio/targetset", "portfolio/account/11/targetlink"} {
			if code, body := f.get(t, "alice", path); code != 200 || body != "[]" {
				t.Errorf("%s: %d %s", path, code, body)
			}
		}
		f.assertNotFound(t, "alice", "portfolio/account/71/targetlink")
		f.assertNotFound(t, "alice", "portfolio/targetset/1/allocation/security")
	})
}

func TestNeedsSession(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, path := range []string{"portfolio/account/11", "portfolio/transaction?accountid=11", "security/GBPUSD/FX"} {
			req := newRequest(path)
			rec := serve(f, req)
			if rec.Code != 401 {
				t.Errorf("%s without a session: %d", path, rec.Code)
			}
		}
	})
}
