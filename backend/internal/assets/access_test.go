package assets_test

import (
	"reflect"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// routesOf are every asset route of a client, for the authorisation checks.
func routesOf(client string) []string {
	return []string{
		"entity/client/" + client + "/asset", "entity/client/" + client + "/fund_za",
		"entity/client/" + client + "/annuity", "entity/client/" + client + "/liability",
		"entity/client/" + client + "/asset/1/owner", "entity/client/" + client + "/annuity/20/owner",
		"entity/client/" + client + "/liability/30/owner",
		"entity/client-v4/" + client + "/total_amount?list_name=asset&amount_field=amount",
	}
}

// Authorisation as every client route (spec 2 §6): another client's assets, a partner's
// without view_partner, another adviser's or firm's client, an adviser's entity, a missing or
// malformed id all answer exactly like a missing resource.
func TestForeignClientsAnswerLikeMissing(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, tc := range []struct{ user, client string }{
			{"alice", "1002"}, // her partner, but she lacks view_partner
			{"alice", "1003"},
			{"alice", "2001"},
			{"alice", "100"},
			{"alice", "999999"},
			{"alice", "x1001"},
			{"grace", "1001"},
			{"frank", "1001"},
			{"ben", "1001"}, // Frank's adviser, not Alice's
			{"cat", "1001"}, // another firm
		} {
			for _, path := range routesOf(tc.client) {
				f.assertNotFound(t, tc.user, path)
			}
		}
		// With Alice in context, Ann reaches only Alice (and what Alice reaches herself).
		f.inContext(t, "ann", 1001)
		for _, client := range []string{"1003", "1004", "1002"} {
			for _, path := range routesOf(client) {
				f.assertNotFound(t, "ann", path)
			}
		}
	})
}

// Who may read a client's assets: the client; a partner with view_partner and a
// login_accessible membership; the client's adviser, with or without the client in context.
// Nobody sees a record that is not login_accessible, an adviser included (spec 3 §5).
func TestWhoReadsAssets(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		aliceAll := []string{"Stocks & Shares ISA (held elsewhere)", "NS&I Premium Bonds", "Buy-to-let flat", "Onshore bond", "US brokerage account"}
		for _, tc := range []struct {
			user, path string
			inContext  int64
			want       []string
		}{
			{"alice", "entity/client/1001/asset", 0, aliceAll},
			{"ann", "entity/client/1001/asset", 0, aliceAll},
			{"ann", "entity/client/1001/asset", 1001, aliceAll},
			{"carol", "entity/client/1004/asset", 0, []string{"Dan bonds"}},
			{"ann", "entity/client/1004/asset", 1003, []string{"Dan bonds"}},
		} {
			f.inContext(t, "ann", tc.inContext)
			var rows []item
			f.getOK(t, tc.user, tc.path, &rows)
			if got := descriptions(rows); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s %s (context %d): %v, want %v", tc.user, tc.path, tc.inContext, got, tc.want)
			}
		}
		// The record hidden from the client's login is hidden from its adviser too, in lists,
		// totals and owner calls.
		f.inContext(t, "ann", 0)
		for _, user := range []string{"alice", "ann"} {
			f.assertNotFound(t, user, "entity/client/1001/asset/5/owner")
			var total item
			f.getOK(t, user, "entity/client-v4/1001/total_amount?list_name=asset&amount_field=amount", &total)
			// 20,000 + 50,000 + 300,000 + 1,000 (the Surrendered bond: no view named) + 800 (1,000 USD)
			if !reflect.DeepEqual(total["total_amount"], bd("371800.00")) || total["count"] != 5.0 {
				t.Errorf("%s: unfiltered total %v", user, total)
			}
		}
	})
}
