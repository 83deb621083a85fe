package portfolio_test

import (
	"reflect"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Sub-positions (spec 2 §3 split_index): account 11's second purchase (50 @ 12) is kept as its
// own part, "lot-2", so the holding of ACME is answered as two rows.
//
//	main part: buy 100 @ 10 (cost 1,000), sell 30 → 70 units costing 700, at 14.00 worth 980
//	           (gain 280); the dividend of 20 October names no part, so it dates this one.
//	lot-2:     buy 50 @ 12 → 50 units costing 600, worth 700 (gain 100), last trade 9 October.
//
// Together 120 units worth 1,680, as when the holding was whole. Weights of 980, 700 and the
// cash's 3,810 in 5,490: 17.85 %, 12.75 %, 69.40 %; the floors 17 + 12 + 69 = 98 leave two
// points for the largest remainders (.85, .75): 18, 13, 69.
func TestPositionsOfASplitHolding(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		testdb.MustExec(t, db, `UPDATE txn SET sub_position = 'lot-2' WHERE id = 3`)
		var list []item
		f.getOK(t, "alice", "portfolio/position?accountid=11", &list)
		keys := []string{"position_id", "split_index", "volume", "value", "cost", "unrealised_gain", "weight", "annual_income", "lastTransactionDate"}
		want := []map[string]any{
			{"position_id": "11-1-0", "split_index": 0.0, "volume": "70.0000", "value": "GBP 980.00", "cost": "GBP 700.00",
				"unrealised_gain": "GBP 280.00", "weight": "18", "annual_income": "GBP 21.00", "lastTransactionDate": "2026-10-20"},
			{"position_id": "11-1-1", "split_index": 1.0, "volume": "50.0000", "value": "GBP 700.00", "cost": "GBP 600.00",
				"unrealised_gain": "GBP 100.00", "weight": "13", "annual_income": "GBP 15.00", "lastTransactionDate": "2026-10-09"},
			{"position_id": "11-3", "split_index": nil, "volume": "3810.0000", "value": "GBP 3810.00", "cost": "GBP 3810.00",
				"unrealised_gain": "GBP 0.00", "weight": "69", "annual_income": "GBP 0.00", "lastTransactionDate": "2026-10-21"},
		}
		if len(list) != len(want) {
			t.Fatalf("positions: %v", list)
		}
		for i := range want {
			if got := figures(t, list[i], keys...); !reflect.DeepEqual(got, want[i]) {
				t.Errorf("position %d:\n got %v\nwant %v", i, got, want[i])
			}
		}
		// Both parts are the one security, described alike.
		if list[0]["security_id"] != 1.0 || list[1]["security_id"] != 1.0 || list[0]["description"] != list[1]["description"] {
			t.Errorf("parts: %v / %v", list[0], list[1])
		}
		// A whole holding says split_index null rather than leaving it out.
		if v, ok := list[2]["split_index"]; !ok || v != nil {
			t.Errorf("cash split_index %v (present %v), want null", v, ok)
		}
	})
}
