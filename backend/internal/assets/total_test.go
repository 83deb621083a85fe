package assets_test

import (
	"reflect"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Asset totals (spec 2 §7): a list's amount field summed in the client's report currency over
// the records of list_filter's view, worked out by hand from the fixture's table:
//
//	asset managed      ISA 20,000 + flat 300,000 + 1,000 USD / 1.25 = 800      = 320,800.00 (3)
//	asset everything   + Premium Bonds 50,000                                   = 370,800.00 (4)
//	asset non_managed  Premium Bonds                                            =  50,000.00 (1)
//	fund_za managed    Workplace DC 120,000 (the SIPP wrapper, the Transferred
//	                   pension left out)                                        = 120,000.00 (1)
//	annuity managed    Lifetime annuity 80,000 (Lapsed left out)                =  80,000.00 (1)
//	liability managed  Mortgage 150,000 (Redeemed car loan, unmanaged card out) = 150,000.00 (1)
//	liability everything  + credit card 2,000                                   = 152,000.00 (2)
func TestTotalAmount(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, tc := range []struct {
			query string
			total string
			count float64
		}{
			{"list_name=asset&amount_field=amount&list_filter=managed", "320800.00", 3},
			{"list_name=asset&amount_field=amount&list_filter=everything", "370800.00", 4},
			{"list_name=asset&amount_field=amount&list_filter=non_managed", "50000.00", 1},
			{"list_name=fund_za&amount_field=fund_value&list_filter=managed", "120000.00", 1},
			{"list_name=annuity&amount_field=current_value&list_filter=managed", "80000.00", 1},
			{"list_name=liability&amount_field=amount&list_filter=managed", "150000.00", 1},
			{"list_name=liability&amount_field=amount&list_filter=everything", "152000.00", 2},
			{"list_name=annuity&list_filter=managed", "80000.00", 1}, // amount_field defaults to the list's
		} {
			var got item
			f.getOK(t, "alice", "entity/client-v4/1001/total_amount?"+tc.query, &got)
			if !reflect.DeepEqual(got["total_amount"], bd(tc.total)) || got["count"] != tc.count || got["currency"] != "GBP" {
				t.Errorf("%s: %v, want %s over %v", tc.query, got, tc.total, tc.count)
			}
		}
		// A client with nothing recorded totals 0.00.
		var got item
		f.getOK(t, "grace", "entity/client-v4/2001/total_amount?list_name=liability&amount_field=amount&list_filter=managed", &got)
		if !reflect.DeepEqual(got["total_amount"], bd("0.00")) || got["count"] != 0.0 {
			t.Errorf("nothing recorded: %v", got)
		}
		for _, tc := range []struct{ query, message string }{
			{"list_name=assets", "Invalid list_name"},
			{"amount_field=amount", "Invalid list_name"},
			{"list_name=fund_za&amount_field=amount", "Invalid amount_field"},
			{"list_name=asset&list_filter=all", "Invalid list_filter"},
		} {
			code, body := f.get(t, "alice", "entity/client-v4/1001/total_amount?"+tc.query)
			if code != 400 || !strings.Contains(body, tc.message) {
				t.Errorf("%s: %d %s, want 400 %s", tc.query, code, body, tc.message)
			}
		}
	})
}

// A record in a currency without a rate to the report currency makes the total the text of
// spec 2 §8, as positions do, instead of a wrong sum.
func TestTotalWithoutRate(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		testdb.MustExec(t, db, `INSERT INTO client_asset (id, entity_id, list_name, description, status, currency, amount, nbr_under_advice) VALUES (7, 1001, 'asset', 'Yen deposit', 'Existing', 'JPY', 100000, 1)`)
		var got item
		f.getOK(t, "alice", "entity/client-v4/1001/total_amount?list_name=asset&list_filter=managed", &got)
		if got["total_amount"] != "Conversion rate unavailable" {
			t.Errorf("total with a JPY record: %v", got)
		}
		var rows []item
		f.getOK(t, "alice", "entity/client/1001/asset?list_filter=managed", &rows)
		if last := rows[len(rows)-1]; last["amount_in_report_currency"] != "Conversion rate unavailable" || !reflect.DeepEqual(last["amount"], bd("100000.00")) {
			t.Errorf("JPY record: %v", last)
		}
	})
}
