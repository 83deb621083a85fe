package portfolio_test

import (
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestTransactionShape(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/transaction?accountid=11", &list)
		var ids []float64
		for _, tx := range list {
			ids = append(ids, tx["id"].(float64))
		}
		if !slices.Equal(ids, []float64{6, 5, 4, 3, 2, 1}) {
			t.Fatalf("ids newest first: %v", ids)
		}
		dividend := list[1]
		if b, ok := dividend["bookmark"].(string); !ok || b == "" {
			t.Errorf("bookmark: %v", dividend["bookmark"])
		}
		delete(dividend, "bookmark")
		money := func(v string) item {
			return item{"_type": "Currency", "_val": item{"code": "GBP", "value": item{"_type": "BigDecimal", "_val": v}}}
		}
		want := item{
			"id": 5.0, "accountId": 11.0, "type": "income", "transactionTypeDesc": "Dividend",
			"securityDescription": "Acme Technology plc", "code": "ACME", "exchange": "LSE", "securityIsin": "GB00ACME0001",
			"tradeDate": item{"_type": "Date", "_val": "2026-10-20"}, "settlementDate": item{"_type": "Date", "_val": "2026-10-22"},
			"nativeCurrency": "GBP", "nativeTransactionValue": money("30.00"), "nativeIncome": money("30.00"),
			"grossAmount": money("30.00"), "netAmount": money("30.00"), "fee": money("0.00"), "tax": money("0.00"),
			"pricePerUnit": item{"_type": "Currency", "_val": item{"code": "GBP", "value": item{"_type": "BigDecimal", "_val": "0.0000"}}},
			"volume":       item{"_type": "BigDecimal", "_val": "0.0000"}, "comment": "Interim dividend",
		}
		if !reflect.DeepEqual(dividend, want) {
			t.Errorf("dividend:\n got %v\nwant %v", dividend, want)
		}
		sale := list[2]
		if sale["type"] != "other" || sale["nativeIncome"] != nil || typed(t, sale["volume"]) != "30.0000" || typed(t, sale["pricePerUnit"]) != "GBP 13.0000" {
			t.Errorf("sale: %v", sale)
		}
		deposit := list[5]
		if deposit["code"] != "" || deposit["securityDescription"] != "" || typed(t, deposit["netAmount"]) != "GBP 5000.00" {
			t.Errorf("deposit: %v", deposit)
		}
	})
}

// walk pages through path (which must not carry page_bookmark) and returns the ids in order,
// failing on a page larger than pageSize.
func walk(t *testing.T, f *fixture, user, path string, pageSize int) (ids []int64, pages int) {
	t.Helper()
	bookmark := ""
	for pages = 1; ; pages++ {
		p := fmt.Sprintf("%s&page_size=%d", path, pageSize)
		if bookmark != "" {
			p += "&page_bookmark=" + url.QueryEscape(bookmark)
		}
		var list []item
		f.getOK(t, user, p, &list)
		if len(list) > pageSize {
			t.Fatalf("page of %d items, page size %d", len(list), pageSize)
		}
		for _, tx := range list {
			ids = append(ids, int64(tx["id"].(float64)))
			bookmark = tx["bookmark"].(string)
		}
		if len(list) < pageSize {
			return ids, pages
		}
		if pages > 1000 {
			t.Fatal("paging does not end")
		}
	}
}

func truth(t *testing.T, f *fixture, query string, args ...any) []int64 {
	t.Helper()
	rows, err := f.db.Query(f.db.Rebind(query), args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

// Every row exactly once, in order, whatever the page size, across accounts, in both
// directions, with and without date bounds. Three rows a day make pages break inside a day.
func TestTransactionPagingWalk(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		newest := truth(t, f, `SELECT id FROM txn WHERE account_id IN (21, 31) ORDER BY trade_date DESC, id DESC`)
		oldest := truth(t, f, `SELECT id FROM txn WHERE account_id IN (21, 31) ORDER BY trade_date, id`)
		window := truth(t, f, `SELECT id FROM txn WHERE account_id IN (21, 31) AND trade_date BETWEEN '2025-01-10' AND '2025-02-10' ORDER BY trade_date DESC, id DESC`)
		if len(newest) != 307 || len(window) != 96 {
			t.Fatalf("fixture: %d rows, %d in the window", len(newest), len(window))
		}
		for _, tc := range []struct {
			path string
			size int
			want []int64
		}{
			{"portfolio/transaction?accountid=21&accountid=31", 37, newest},
			{"portfolio/transaction?accountid=31&accountid=21&sort_type=1", 1, newest},
			{"portfolio/transaction?accountid=21,31&sort_type=7", 100, newest},
			{"portfolio/transaction?accountid.0=21&accountid.1=31&sort_type=2", 50, oldest},
			{"portfolio/transaction?accountid=21&accountid=31&sort_type=2", 307, oldest},
			{"portfolio/transaction?accountid=21&accountid=31&start_date=2025-01-10&stop_date=2025-02-10", 7, window},
		} {
			got, _ := walk(t, f, "bob", tc.path, tc.size)
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s by %d: %d ids, want %d\n got %v\nwant %v", tc.path, tc.size, len(got), len(tc.want), got, tc.want)
			}
		}
	})
}

// The calls of spec 3 §7.5: the status probe, the last-transaction lookup and the full-history
// loop of 200 a page, continued while a page has 200.
func TestTransactionSpecCalls(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "bob", "portfolio/transaction?accountid=21&start_date=1900-01-01&page_size=1", &list)
		if len(list) != 1 {
			t.Errorf("status probe: %v", list)
		}
		list = nil
		f.getOK(t, "bob", "portfolio/transaction?accountid=21&start_date=1901-01-01&sort_type=7&page_size=1", &list)
		if len(list) != 1 || list[0]["id"] != 21.0 {
			t.Errorf("last transaction: %v", list)
		}
		ids, pages := walk(t, f, "bob", "portfolio/transaction?accountid=21&start_date=1900-01-01&sort_type=2", 200)
		if want := truth(t, f, `SELECT id FROM txn WHERE account_id = 21 ORDER BY trade_date, id`); pages != 2 || !slices.Equal(ids, want) {
			t.Errorf("full history: %d pages, %d ids, want 2 pages of %d", pages, len(ids), len(want))
		}
		// Without a page size a page holds 200.
		list = nil
		f.getOK(t, "bob", "portfolio/transaction?accountid=21", &list)
		if len(list) != 200 {
			t.Errorf("default page: %d items", len(list))
		}
	})
}

func TestTransactionVariants(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ids := func(user, path string) []float64 {
			var list []item
			f.getOK(t, user, path, &list)
			out := []float64{}
			for _, tx := range list {
				out = append(out, tx["id"].(float64))
			}
			return out
		}
		for _, tc := range []struct {
			user, path string
			want       []float64
		}{
			{"alice", "portfolio/account/21/transaction?start_date=2026-01-01&page_size=5", []float64{21, 20}},
			{"bob", "portfolio/account/21/transaction?start_date=2026-01-01", []float64{21, 20}},
			{"alice", "portfolio/group/account/code/RETIRE/transaction?page_size=3", []float64{6, 5, 4}},
			{"carol", "portfolio/group/account/code/FAMILY/transaction", []float64{41, 50, 40}},
			{"ann", "portfolio/transaction?accountid=11&stop_date=2026-10-09", []float64{3, 2, 1}},
			{"alice", "portfolio/transaction?accountid=11&start_date=2026-10-16&stop_date=2026-10-16", []float64{4}},
			// No account selected: no transactions (spec 2 §5).
			{"alice", "portfolio/transaction", []float64{}},
			{"alice", "portfolio/transaction?accountid=11&start_date=2027-01-01", []float64{}},
		} {
			if got := ids(tc.user, tc.path); !slices.Equal(got, tc.want) {
				t.Errorf("%s %s: %v, want %v", tc.user, tc.path, got, tc.want)
			}
		}
		var list []item
		f.getOK(t, "alice", "portfolio/transaction?accountid=11&page_size=1&fields=id", &list)
		if len(list) != 1 || len(list[0]) != 2 || list[0]["id"] != 6.0 || list[0]["bookmark"] == nil {
			t.Errorf("fields=id keeps id and bookmark: %v", list)
		}
	})
}

func TestTransactionErrors(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, path := range []string{
			"portfolio/transaction?accountid=11&sort_type=3",
			"portfolio/transaction?accountid=11&sort_type=newest",
			"portfolio/transaction?accountid=11&page_bookmark=not-a-bookmark",
			"portfolio/transaction?accountid=11&start_date=01/01/2026",
			"portfolio/transaction?accountid=11&page_size=0",
			"portfolio/transaction?accountid=11&page_sort=-trade_date",
			"portfolio/transaction?accountid=eleven",
		} {
			if code, body := f.get(t, "alice", path); code != 400 {
				t.Errorf("%s: %d %s, want 400", path, code, body)
			}
		}
		for _, tc := range []struct{ user, path string }{
			{"alice", "portfolio/transaction?accountid=71"},
			{"alice", "portfolio/transaction?accountid=11&accountid=91"},
			{"bob", "portfolio/transaction?accountid=11"},
			{"cat", "portfolio/transaction?accountid=11"},
			{"ben", "portfolio/account/11/transaction"},
			{"grace", "portfolio/account/11/transaction"},
			{"alice", "portfolio/account/999999/transaction"},
		} {
			f.assertNotFound(t, tc.user, tc.path)
		}
	})
}
