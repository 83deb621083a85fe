package portfolio_test

import (
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestGetPortfolio(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var pf item
		f.getOK(t, "bob", "portfolio/portfolio/2", &pf)
		want := item{
			"portfolioid": 2.0, "portfolio_name": "Archer joint", "entityid": 1001.0, "ptype": "PT_JOINT",
			"report_currency": "GBP", "reason_for_visibility": "secondary_joint_owner", "isLinked": false, "sortOrder": 2.0,
		}
		if !reflect.DeepEqual(pf, want) {
			t.Errorf("portfolio 2 for Bob:\n got %v\nwant %v", pf, want)
		}
		f.assertNotFound(t, "bob", "portfolio/portfolio/1")
		f.assertNotFound(t, "cat", "portfolio/portfolio/1")
		f.assertNotFound(t, "alice", "portfolio/portfolio/9")
		f.assertNotFound(t, "alice", "portfolio/portfolio/12345")
		f.assertNotFound(t, "alice", "portfolio/portfolio?portfolioids=1,7")
	})
}

func TestListPortfolios(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/portfolio?portfolioids=6,2,1&fields=portfolioid,reason_for_visibility", &list)
		want := []item{
			{"portfolioid": 1.0, "reason_for_visibility": "single_owner"},
			{"portfolioid": 2.0, "reason_for_visibility": "primary_joint_owner"},
			{"portfolioid": 6.0, "reason_for_visibility": "explicit_link"},
		}
		if !reflect.DeepEqual(list, want) {
			t.Errorf("alice portfolios: %v, want %v", list, want)
		}
	})
}

// entity/client/{id}/portfolio lists a client's portfolios in the accounts ordering with the
// performance sort order of spec 2 §9, for the client and for its adviser alike.
func TestClientPortfolios(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		type row struct {
			ID       float64
			Reason   string
			Order    float64
			IsLinked bool
			PType    string
		}
		rows := func(user, path string) []row {
			var list []item
			f.getOK(t, user, path, &list)
			var out []row
			for _, p := range list {
				out = append(out, row{p["portfolioid"].(float64), p["reason_for_visibility"].(string), p["sortOrder"].(float64), p["isLinked"].(bool), p["ptype"].(string)})
			}
			return out
		}
		alice := []row{{1, "single_owner", 0, false, "PT_SINGLE"}, {2, "primary_joint_owner", 1, false, "PT_JOINT"}, {6, "explicit_link", 5, true, "PT_SINGLE"}}
		bob := []row{{3, "single_owner", 0, false, "PT_SINGLE"}, {2, "secondary_joint_owner", 2, false, "PT_JOINT"}}
		carol := []row{{5, "single_owner", 0, false, "PT_SINGLE"}, {4, "single_owner", 4, true, "PT_SINGLE"}, {8, "shared_owner", 3, false, "PT_SHARED"}}
		for _, tc := range []struct {
			user, path string
			want       []row
		}{
			{"alice", "entity/client/1001/portfolio", alice},
			{"ann", "entity/client/1001/portfolio", alice},
			{"bob", "entity/client/1002/portfolio", bob},
			{"carol", "entity/client/1003/portfolio", carol},
			{"ann", "entity/client/1003/portfolio", carol},
			{"carol", "entity/client/1004/portfolio", []row{{4, "single_owner", 0, false, "PT_SINGLE"}}},
		} {
			if got := rows(tc.user, tc.path); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s %s:\n got %v\nwant %v", tc.user, tc.path, got, tc.want)
			}
		}
		for _, tc := range []struct{ user, path string }{
			{"bob", "entity/client/1001/portfolio"},
			{"dan", "entity/client/1003/portfolio"},
			{"ben", "entity/client/1001/portfolio"},
			{"cat", "entity/client/1001/portfolio"},
			{"ann", "entity/client/2001/portfolio"},
			{"ann", "entity/client/999999/portfolio"},
		} {
			f.assertNotFound(t, tc.user, tc.path)
		}
	})
}

func TestAccountUserVisibilityLink(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "entity/client-v4/1001/account_user_visibility_link", &list)
		want := []item{
			{"entityid": 1001.0, "accountid": 11.0, "visible": true, "group_code": "RETIRE"},
			{"entityid": 1001.0, "accountid": 12.0, "visible": false, "group_code": nil},
			{"entityid": 1001.0, "accountid": 13.0, "visible": true, "group_code": nil},
			{"entityid": 1001.0, "accountid": 14.0, "visible": true, "group_code": nil},
			{"entityid": 1001.0, "accountid": 21.0, "visible": true, "group_code": "RETIRE"},
			{"entityid": 1001.0, "accountid": 61.0, "visible": true, "group_code": nil},
		}
		if !reflect.DeepEqual(list, want) {
			t.Errorf("links:\n got %v\nwant %v", list, want)
		}
		list = nil
		f.getOK(t, "ann", "entity/client-v4/1001/account_user_visibility_link?account_group_only=1", &list)
		if len(list) != 2 || list[0]["accountid"] != 11.0 || list[1]["accountid"] != 21.0 {
			t.Errorf("group only: %v", list)
		}
		f.assertNotFound(t, "bob", "entity/client-v4/1001/account_user_visibility_link")
		f.assertNotFound(t, "cat", "entity/client-v4/1001/account_user_visibility_link")
	})
}
