package demo

import (
	"reflect"
	"testing"

	"wealthportal/backend/internal/store"
)

// targetDump lists the target sets demo.client's accounts follow: account, set, securities
// and the sum of their weights.
func targetDump(t *testing.T, db *store.DB) map[string]string {
	t.Helper()
	rows, err := db.Query(`SELECT a.description, ts.description, COUNT(*), SUM(tss.weight)
		FROM account_target_link l JOIN account a ON a.id = l.account_id JOIN target_set ts ON ts.id = l.target_set_id
		JOIN target_set_security tss ON tss.target_set_id = ts.id
		JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id JOIN app_user u ON u.entity_id = pp.entity_id
		WHERE u.username = 'demo.client' GROUP BY a.description, ts.description`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]string{}
	for rows.Next() {
		var account, set string
		var n int
		var sum float64
		if err := rows.Scan(&account, &set, &n, &sum); err != nil {
			t.Fatal(err)
		}
		got[account] = set
		if sum != 100 {
			t.Errorf("%s: weights add up to %v", set, sum)
		}
		if (set == "Harbour & Vale Growth" && n != 8) || (set == "Harbour & Vale Retirement" && n != 6) {
			t.Errorf("%s: %d securities", set, n)
		}
	}
	return got
}

// The ISA follows the growth model (8 securities), the SIPP the retirement model (6), each
// adding up to 100 %; demo.client's other accounts follow none.
func TestSeedTargetSets(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		want := map[string]string{"Stocks & Shares ISA": "Harbour & Vale Growth", "Self-Invested Personal Pension": "Harbour & Vale Retirement"}
		if got := targetDump(t, db); !reflect.DeepEqual(got, want) {
			t.Errorf("target sets: %v, want %v", got, want)
		}
	})
}
