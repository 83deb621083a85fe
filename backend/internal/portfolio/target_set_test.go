package portfolio_test

import (
	"reflect"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// seedTargetSets gives firm 1 a growth model that Alice's ISA (11) follows and firm 2 a model
// that Grace's ISA (91) follows.
func seedTargetSets(t *testing.T, db *store.DB) {
	for _, q := range []string{
		`INSERT INTO target_set (id, firm_id, description) VALUES (1, 1, 'Growth model'), (2, 2, 'Southgate model'), (3, 1, 'Income model')`,
		`INSERT INTO target_set_security (target_set_id, security_id, weight) VALUES (1, 4, 30), (1, 1, 60), (1, 3, 10), (2, 1, 100), (3, 4, 100)`,
		`INSERT INTO account_target_link (account_id, target_set_id) VALUES (11, 1), (91, 2)`,
	} {
		testdb.MustExec(t, db, q)
	}
}

// An account's target sets, the firm's sets and a set's securities by weight (spec 2 §2.3).
func TestTargetSetsOfAnAccount(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		seedTargetSets(t, db)
		pct := func(v string) item { return item{"_type": "BigDecimal", "_val": v} }
		for _, tc := range []struct {
			user, path string
			want       []item
		}{
			{"alice", "portfolio/account/11/targetlink", []item{{"targetset_id": 1.0, "accountid": 11.0}}},
			{"alice", "portfolio/account/12/targetlink", []item{}},
			{"ann", "portfolio/account/11/targetlink", []item{{"targetset_id": 1.0, "accountid": 11.0}}},
			{"alice", "portfolio/targetset", []item{{"targetset_id": 1.0, "description": "Growth model"}, {"targetset_id": 3.0, "description": "Income model"}}},
			{"grace", "portfolio/targetset", []item{{"targetset_id": 2.0, "description": "Southgate model"}}},
			// Largest weight first: ACME 60, GILT30 30, cash 10.
			{"alice", "portfolio/targetset/1/allocation/security", []item{
				{"code": "ACME", "description": "Acme Technology plc", "weight": pct("60.00")},
				{"code": "GILT30", "description": "UK Gilt 2030", "weight": pct("30.00")},
				{"code": "CASH.GBP", "description": "Sterling cash", "weight": pct("10.00")},
			}},
		} {
			var got []item
			f.getOK(t, tc.user, tc.path, &got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s %s:\n got %v\nwant %v", tc.user, tc.path, got, tc.want)
			}
		}
	})
}

// Another client's account, another adviser's client's account and another firm's target set
// answer exactly like missing ones.
func TestTargetSetsForeignLikeMissing(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		seedTargetSets(t, db)
		for _, tc := range []struct{ user, path string }{
			{"alice", "portfolio/account/91/targetlink"},
			{"grace", "portfolio/account/11/targetlink"},
			{"ben", "portfolio/account/11/targetlink"},
			{"alice", "portfolio/account/999999/targetlink"},
			{"alice", "portfolio/targetset/2/allocation/security"},
			{"grace", "portfolio/targetset/1/allocation/security"},
			{"alice", "portfolio/targetset/999/allocation/security"},
		} {
			f.assertNotFound(t, tc.user, tc.path)
		}
	})
}
