package performance

import (
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// A series is answered from the account's materialised days (ledger.Days), not by replaying
// its history on every call: after the first call the days are stored, and the next call
// reads them back, so a stored value altered by hand shows in its answer. A transaction
// written afterwards makes the days stale from its trade date on, and the answer is right
// again: 5 January is the hand-worked 15,360 (time_series_test.go) plus the new 100 deposit.
func TestSeriesReadsTheMaterialisedDays(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		span := q("start_date", "2024-01-02", "end_date", "2024-01-05")
		rows := func() []string {
			t.Helper()
			var out []string
			for _, p := range list(t, env.getJSON(t, "ada", accountSeriesPath, span)["points"]) {
				out = append(out, pointRow(t, p))
			}
			return out
		}
		first := rows()
		var through string
		if err := db.QueryRow(`SELECT valued_through FROM valuation_state WHERE account_id = 1`).Scan(&through); err != nil || through != "2024-01-05" {
			t.Fatalf("account 1 valued through %q (%v), want 2024-01-05", through, err)
		}
		// 5 January read as 16,360: TWRR 1.08 × 15,800/(10,800 + 5,000) × 16,360/15,800 − 1
		// = 1.08 × 1.035443 − 1 = 11.83%.
		exec(t, db, `UPDATE valuation_day SET value = value + 1000 WHERE account_id = 1 AND value_date = '2024-01-05'`)
		if got := rows(); got[3] != "2024-01-05 16360.00 1360.00 11.83 0.00" {
			t.Fatalf("after the stored day was altered: %s (first answer %s)", got[3], first[3])
		}
		exec(t, db, `INSERT INTO txn (account_id, security_id, kind, transaction_type_desc, trade_date, settlement_date,
			volume, price_per_unit, gross_amount, fee, tax, net_amount, native_currency)
			VALUES (1, NULL, 'deposit', 'Deposit', '2024-01-05', '2024-01-05', 0, 0, 100, 0, 0, 100, 'GBP')`)
		// 15,460 with a 100 flow at the start of the day (docs/performance.md): 1.08 × 15,460 /
		// (15,800 + 100) − 1 = 1.08 × 0.972327 − 1 = 5.01%; movement 15,460 − 10,000 − 5,100 = 360.
		got := rows()
		if strings.Join(got[:3], "\n") != strings.Join(first[:3], "\n") || got[3] != "2024-01-05 15460.00 360.00 5.01 100.00" {
			t.Fatalf("after a new transaction:\n%s\nfirst answer:\n%s", strings.Join(got, "\n"), strings.Join(first, "\n"))
		}
	})
}
