package portfolio_test

import (
	"fmt"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Every account answer carries the trade date of the account's latest transaction, null when it
// has none (spec 2 §5 "Accounts without transactions are hidden unless allowed": the web app
// tells them apart from the account list it already has, with no call per account). The
// fixture's transactions: Alice ISA (11) last trades on 2026-10-21, Alice US Dealing (12) on
// 2026-10-05, Alice Japan (13) on 2026-10-03; Alice Default (14) has none. Bob SIPP (31) has a
// purchase dated after the clock's today (2026-12-01): it is a transaction all the same, so it
// is the latest.
func TestAccountLastTransactionDate(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		want := map[float64]string{11: "2026-10-21", 12: "2026-10-05", 13: "2026-10-03", 14: "<nil>", 31: "2026-12-01"}
		var list, bobs []item
		f.getOK(t, "alice", "portfolio/account?accountids=11,12,13,14&fields=accountid,lastTransactionDate", &list)
		f.getOK(t, "bob", "portfolio/account?accountids=31&fields=accountid,lastTransactionDate", &bobs)
		list = append(list, bobs...)
		if len(list) != len(want) {
			t.Fatalf("%d accounts, want %d: %v", len(list), len(want), list)
		}
		for _, a := range list {
			got := "<nil>"
			if d, ok := a["lastTransactionDate"].(map[string]any); ok {
				got = fmt.Sprint(d["_val"])
			} else if a["lastTransactionDate"] != nil {
				got = fmt.Sprint(a["lastTransactionDate"])
			}
			if got != want[a["accountid"].(float64)] {
				t.Errorf("account %v: lastTransactionDate %s, want %s", a["accountid"], got, want[a["accountid"].(float64)])
			}
			if _, ok := a["lastTransactionDate"]; !ok {
				t.Errorf("account %v: no lastTransactionDate at all", a["accountid"])
			}
		}
		// The same field on one account and on a portfolio's accounts.
		var one item
		f.getOK(t, "alice", "portfolio/account/14", &one)
		if v, ok := one["lastTransactionDate"]; !ok || v != nil {
			t.Errorf("account 14: lastTransactionDate %v (present %v), want null", v, ok)
		}
		var inPortfolio []item
		f.getOK(t, "alice", "portfolio/portfolio/1/account?fields=accountid,lastTransactionDate", &inPortfolio)
		for _, a := range inPortfolio {
			if a["accountid"] == 11.0 && fmt.Sprint(a["lastTransactionDate"]) != "map[_type:Date _val:2026-10-21]" {
				t.Errorf("portfolio 1's account 11: lastTransactionDate %v", a["lastTransactionDate"])
			}
		}
	})
}
