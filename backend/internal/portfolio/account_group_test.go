package portfolio_test

import (
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestListAccountGroups(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		retire := item{"group_code": "RETIRE", "group_name": "Retirement", "report_currency": "GBP", "entityid": 1001.0,
			"accounts": []any{11.0, 21.0}, "relatedAccounts": []any{}}
		for _, tc := range []struct {
			user, path string
			want       []item
		}{
			{"alice", "portfolio/group/account", []item{retire}},
			{"alice", "portfolio/group/account?code=retire", []item{retire}},
			{"alice", "portfolio/group/account?name=RETIRE", []item{retire}},
			{"alice", "portfolio/group/account?name=holiday", []item{}},
			{"bob", "portfolio/group/account", []item{}},
			{"ann", "portfolio/group/account?entityid=1001", []item{retire}},
			{"ann", "portfolio/group/account", []item{}},
		} {
			var list []item
			f.getOK(t, tc.user, tc.path, &list)
			if !reflect.DeepEqual(list, tc.want) {
				t.Errorf("%s %s:\n got %v\nwant %v", tc.user, tc.path, list, tc.want)
			}
		}
		f.assertNotFound(t, "ann", "portfolio/group/account?entityid=2001")
	})
}

// Codes are per client: Alice's RETIRE and Grace's RETIRE (another firm) never mix.
func TestGetAccountGroupByCode(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, tc := range []struct {
			user, path        string
			entity            float64
			accounts, related []any
		}{
			{"alice", "portfolio/group/account/code/RETIRE", 1001, []any{11.0, 21.0}, []any{}},
			{"ann", "portfolio/group/account/code/RETIRE", 1001, []any{11.0, 21.0}, []any{}},
			{"grace", "portfolio/group/account/code/RETIRE", 2001, []any{91.0}, []any{}},
			{"cat", "portfolio/group/account/code/RETIRE", 2001, []any{91.0}, []any{}},
			// Carol's family group holds Dan's account as a related one.
			{"carol", "portfolio/group/account/code/FAMILY", 1003, []any{51.0}, []any{41.0}},
		} {
			var g item
			f.getOK(t, tc.user, tc.path, &g)
			if g["entityid"] != tc.entity || !reflect.DeepEqual(g["accounts"], tc.accounts) || !reflect.DeepEqual(g["relatedAccounts"], tc.related) {
				t.Errorf("%s %s: %v", tc.user, tc.path, g)
			}
		}
		for _, tc := range []struct{ user, path string }{
			{"alice", "portfolio/group/account/code/FAMILY"},
			{"bob", "portfolio/group/account/code/RETIRE"},
			{"ben", "portfolio/group/account/code/RETIRE"},
			{"alice", "portfolio/group/account/code/FRANK"},
			{"alice", "portfolio/group/account/code/NOPE"},
			{"alice", "portfolio/group/account/code/FAMILY/member"},
			{"alice", "portfolio/group/account/code/FAMILY/position"},
			{"alice", "portfolio/group/account/code/FAMILY/transaction"},
			{"ann", "portfolio/group/account/code/RETIRE?entityid=1006"},
		} {
			f.assertNotFound(t, tc.user, tc.path)
		}
	})
}

func TestAccountGroupMembers(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "carol", "portfolio/group/account/code/FAMILY/member?fields=accountid,reason_for_visibility,sortOrder", &list)
		want := []item{
			{"accountid": 51.0, "reason_for_visibility": "single_owner", "sortOrder": 0.0},
			{"accountid": 41.0, "reason_for_visibility": "single_owner", "sortOrder": 4.0},
		}
		if !reflect.DeepEqual(list, want) {
			t.Errorf("members:\n got %v\nwant %v", list, want)
		}
		// Once Dan's data may not be shown to Carol, his account drops out of her group.
		testdb.MustExec(t, f.db, `UPDATE client_group_member SET login_accessible = 0 WHERE entity_id = 1004`)
		list = nil
		f.getOK(t, "carol", "portfolio/group/account/code/FAMILY/member?fields=accountid", &list)
		if !reflect.DeepEqual(list, []item{{"accountid": 51.0}}) {
			t.Errorf("members without Dan: %v", list)
		}
	})
}
