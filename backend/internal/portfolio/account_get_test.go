package portfolio_test

import (
	"reflect"
	"slices"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestGetAccountShape(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var a item
		f.getOK(t, "alice", "portfolio/account/11", &a)
		want := item{
			"accountid": 11.0, "description": "Alice ISA", "portfolioid": 1.0, "portfolioName": "Alice portfolio",
			"entityid": 1001.0, "account_owner": "Archer, Alice", "ptype": "PT_SINGLE", "type": "single",
			"tax_structure": "ISA", "product": "Stocks and Shares ISA", "external_account_id": "EXT-11", "subfund": "Main",
			"tax_type": "ISA", "tax_type_title": "Individual Savings Account", "service_type": "Managed",
			"plan_currency": "GBP", "report_currency": "GBP", "base_currency": "GBP",
			"active_date":    item{"_type": "Date", "_val": "2020-04-06"},
			"inception_date": item{"_type": "Date", "_val": "2020-04-06"},
			"vendor_id":      "V-11", "blocked": false, "active": true, "is_default": false,
			"reason_for_visibility": "single_owner", "sortOrder": 0.0, "isLinked": false,
			"group_code": "RETIRE", "group_name": "Retirement", "account_group_code": "RETIRE",
			"lastTransactionDate": item{"_type": "Date", "_val": "2026-10-21"},
		}
		if !reflect.DeepEqual(a, want) {
			t.Errorf("account 11:\n got %v\nwant %v", a, want)
		}
	})
}

func TestGetAccountFields(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, path := range []string{
			"portfolio/account/11?fields.0=accountid&fields.1=description",
			"portfolio/account/11?fields=accountid,description",
			"portfolio/account/11?fields=accountid&fields=description",
		} {
			var a item
			f.getOK(t, "alice", path, &a)
			if want := (item{"accountid": 11.0, "description": "Alice ISA"}); !reflect.DeepEqual(a, want) {
				t.Errorf("%s: %v, want %v", path, a, want)
			}
		}
	})
}

// The joint account is seen by both owners, each with their own reason and sort order; the
// account group belongs to Alice, so Bob sees none.
func TestJointAccountVisibleToBothOwners(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, tc := range []struct {
			user, reason string
			sortOrder    float64
			group        any
		}{
			{"alice", "primary_joint_owner", 1, "RETIRE"},
			{"bob", "secondary_joint_owner", 2, nil},
		} {
			var a item
			f.getOK(t, tc.user, "portfolio/account/21", &a)
			if a["reason_for_visibility"] != tc.reason || a["sortOrder"] != tc.sortOrder || a["group_code"] != tc.group ||
				a["ptype"] != "PT_JOINT" || a["type"] != "joint" || a["isLinked"] != false {
				t.Errorf("%s: %v", tc.user, a)
			}
		}
	})
}

// Carol holds view_partner and Dan is login_accessible in their group, so Carol sees Dan's
// account as a partner's (sort order 4, linked). Without either condition it is a 404.
func TestPartnerAccountNeedsViewPartnerAndLoginAccessible(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var a item
		f.getOK(t, "carol", "portfolio/account/41", &a)
		if a["reason_for_visibility"] != "single_owner" || a["sortOrder"] != 4.0 || a["isLinked"] != true || a["group_code"] != "FAMILY" {
			t.Errorf("Dan's account seen by Carol: %v", a)
		}
		// Dan has no view_partner: Carol's account is hidden from him.
		f.assertNotFound(t, "dan", "portfolio/account/51")

		testdb.MustExec(t, f.db, `UPDATE client_group_member SET login_accessible = 0 WHERE entity_id = 1004`)
		f.assertNotFound(t, "carol", "portfolio/account/41")

		testdb.MustExec(t, f.db, `UPDATE client_group_member SET login_accessible = 1 WHERE entity_id = 1004`)
		testdb.MustExec(t, f.db, `UPDATE capability_grant SET enabled = 0 WHERE entity_id = 1003 AND capability = 'view_partner'`)
		f.assertNotFound(t, "carol", "portfolio/account/41")
	})
}

// A foreign account answers exactly like a missing one, across clients, advisers and firms.
func TestForeignAccountAnswersLikeMissing(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		f.assertNotFound(t, "alice", "portfolio/account/999999")
		f.assertNotFound(t, "alice", "portfolio/account/not-a-number")
		for _, tc := range []struct{ user, path string }{
			{"bob", "portfolio/account/11"},   // partner without view_partner
			{"carol", "portfolio/account/11"}, // another household
			{"alice", "portfolio/account/71"}, // another adviser's client
			{"alice", "portfolio/account/91"}, // another firm
			{"ben", "portfolio/account/11"},   // another adviser
			{"cat", "portfolio/account/11"},   // an adviser of another firm
			{"grace", "portfolio/account/11"}, // a client of another firm
			{"frank", "portfolio/account/11"}, // the owner of a portfolio linked to Alice
			{"alice", "portfolio/account?accountids=11,71"},
			{"alice", "portfolio/portfolio/7/account"},
			{"alice", "portfolio/account/11?entityid=1006"},
		} {
			f.assertNotFound(t, tc.user, tc.path)
		}
	})
}

func TestListAccounts(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ids := func(user, path string) []float64 {
			var list []item
			f.getOK(t, user, path, &list)
			out := []float64{}
			for _, a := range list {
				out = append(out, a["accountid"].(float64))
			}
			return out
		}
		for _, tc := range []struct {
			user, path string
			want       []float64
		}{
			// Own single accounts by description, then the joint one, then the explicit link.
			{"alice", "portfolio/account", []float64{14, 11, 13, 12, 21, 61}},
			{"alice", "portfolio/account?exclude_default_accounts=1", []float64{11, 13, 12, 21, 61}},
			{"alice", "portfolio/account?accountids=21&accountids=11", []float64{11, 21}},
			{"alice", "portfolio/account?accountids.0=21&accountids.1=11&exclude_default_accounts=true", []float64{11, 21}},
			{"bob", "portfolio/account", []float64{31, 21}},
			// Carol: own single, partner's single (sort order 4), then the shared account.
			{"carol", "portfolio/account", []float64{51, 41, 81}},
			// An adviser names the client in context, or lists accounts by id.
			{"ann", "portfolio/account?entityid=1003", []float64{51, 41, 81}},
			{"ann", "portfolio/account", []float64{}},
			{"ann", "portfolio/account?accountids=31", []float64{31}},
		} {
			if got := ids(tc.user, tc.path); !slices.Equal(got, tc.want) {
				t.Errorf("%s %s: %v, want %v", tc.user, tc.path, got, tc.want)
			}
		}
		f.assertNotFound(t, "ann", "portfolio/account?entityid=1006")
		if code, _ := f.get(t, "alice", "portfolio/account?accountids=abc"); code != 400 {
			t.Errorf("accountids=abc: %d, want 400", code)
		}
	})
}

// An adviser sees reasons through the owner's eyes, or the named client's.
func TestAdviserSeesOwnersReason(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var a item
		f.getOK(t, "ann", "portfolio/account/21", &a)
		if a["reason_for_visibility"] != "primary_joint_owner" || a["sortOrder"] != 1.0 || a["group_code"] != "RETIRE" {
			t.Errorf("joint account for Ann: %v", a)
		}
		f.getOK(t, "ann", "portfolio/account/21?entityid=1002", &a)
		if a["reason_for_visibility"] != "secondary_joint_owner" || a["sortOrder"] != 2.0 {
			t.Errorf("joint account for Ann in Bob's context: %v", a)
		}
	})
}

func TestPortfolioAccountsCarryGroupCode(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/portfolio/1/account?fields=accountid,account_group_code", &list)
		want := []item{
			{"accountid": 14.0, "account_group_code": nil},
			{"accountid": 11.0, "account_group_code": "RETIRE"},
			{"accountid": 13.0, "account_group_code": nil},
			{"accountid": 12.0, "account_group_code": nil},
		}
		if !reflect.DeepEqual(list, want) {
			t.Errorf("portfolio 1 accounts: %v, want %v", list, want)
		}
	})
}
