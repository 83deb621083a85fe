package entities

import (
	"net/http"
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestNoSessionIsRefused(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		for _, path := range []string{"session/capability", "entity/client-v3", "entity/client-v3/1001", "adviser/100", "ufield/entity"} {
			if code, _ := e.get("", path); code != http.StatusUnauthorized {
				t.Errorf("GET %s without a session: %d, want 401", path, code)
			}
		}
	})
}

func TestSessionCapability(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		cases := []struct {
			user string
			want map[string]bool
		}{
			// Eleanor's own grant turns view_partner on over the firm's client default.
			{"eleanor", map[string]bool{"view_portfolio": true, "view_marketdata": true, "live_marketdata_access": false, "view_partner": true, "modelling_by_target_sets": false}},
			{"james", map[string]bool{"view_portfolio": true, "view_marketdata": true, "live_marketdata_access": false, "view_partner": false, "modelling_by_target_sets": false}},
			// Advisers get the firm's User grants, not the client ones.
			{"alice", map[string]bool{"view_portfolio": true, "view_marketdata": false, "live_marketdata_access": true, "view_partner": false, "modelling_by_target_sets": false}},
			// Another firm's grants do not leak across.
			{"dan", map[string]bool{"view_portfolio": true, "view_marketdata": false, "live_marketdata_access": false, "view_partner": false, "modelling_by_target_sets": false}},
		}
		for _, tc := range cases {
			var got map[string]bool
			e.getJSON(tc.user, "session/capability", &got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: %v, want %v", tc.user, got, tc.want)
			}
		}
	})
}

func TestClientCapability(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		// An adviser loading a client into context sees the client's capabilities, not its own.
		var caps map[string]bool
		e.getJSON("alice", "entity/client-v3/1001/capability", &caps)
		if !caps["view_partner"] || !caps["view_marketdata"] || caps["live_marketdata_access"] {
			t.Errorf("alice for eleanor: %v", caps)
		}
		e.getJSON("eleanor", "entity/client-v3/1002/capability", &caps) // partner, login_accessible, view_partner
		if caps["view_partner"] {
			t.Errorf("eleanor for james shows james's view_partner: %v", caps)
		}
		for _, tc := range []struct{ user, path string }{
			{"james", "entity/client-v3/1001/capability"},   // no view_partner
			{"eleanor", "entity/client-v3/1003/capability"}, // group member, not login_accessible
			{"eleanor", "entity/client-v3/1101/capability"}, // another adviser's client
			{"bob", "entity/client-v3/1001/capability"},     // a colleague's client
			{"zoe", "entity/client-v3/1001/capability"},     // another firm
			{"alice", "entity/client-v3/100/capability"},    // an adviser is not a client
			{"alice", "entity/client-v3/999999/capability"}, // missing
			{"alice", "entity/client-v3/abc/capability"},    // malformed
		} {
			e.expectNotFound(tc.user, http.MethodGet, tc.path, nil)
		}
	})
}

func TestFeatureAccess(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		cases := []struct {
			user, query string
			want        map[string]bool
		}{
			{"eleanor", "feature_names=multi_currency", map[string]bool{"multi_currency": true}},
			{"dan", "feature_names=multi_currency", map[string]bool{"multi_currency": false}},
			{"alice", "feature_names.0=multi_currency&feature_names.1=use-client-analysis&feature_names.2=unknown",
				map[string]bool{"multi_currency": true, "use-client-analysis": false, "unknown": false}},
			{"alice", "", map[string]bool{"multi_currency": true, "use-client-analysis": false}},
		}
		for _, tc := range cases {
			var got map[string]bool
			e.getJSON(tc.user, "session/feature_access?"+tc.query, &got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s %s: %v, want %v", tc.user, tc.query, got, tc.want)
			}
		}
	})
}

func TestToggleConditions(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		var got []Toggle
		e.getJSON("eleanor", "feature_toggle/toggle_condition", &got)
		want := []Toggle{{"multi_currency", true}, {"use-client-analysis", false}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("firm 1 toggles: %v, want %v", got, want)
		}
		e.getJSON("dan", "feature_toggle/toggle_condition", &got)
		if !reflect.DeepEqual(got, []Toggle{{"multi_currency", false}}) {
			t.Errorf("firm 2 toggles: %v", got)
		}
	})
}

func TestSite(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		var got Site
		e.getJSON("eleanor", "site", &got)
		if !reflect.DeepEqual(got, Site{SiteLocales: []string{"en-gb", "en-ca", "en-au", "fr-ca"}, Version: "24.1.100"}) {
			t.Errorf("firm 1 site: %+v", got)
		}
		e.getJSON("zoe", "site", &got)
		if !reflect.DeepEqual(got, Site{SiteLocales: []string{"en-au"}, Version: "24.2.7"}) {
			t.Errorf("firm 2 site: %+v", got)
		}
	})
}

func TestLoginProfile(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		var got LoginProfile
		e.getJSON("eleanor", "sysadmin/loginsetting/login_profile/1", &got)
		if got != (LoginProfile{ID: 1, Name: "Northbridge clients", InactiveSessionTimeoutClient: 15, InactiveSessionTimeout: 30}) {
			t.Errorf("profile 1: %+v", got)
		}
		e.getJSON("alice", "sysadmin/loginsetting/login_profile/1", &got) // the firm's profile
		e.expectNotFound("dan", http.MethodGet, "sysadmin/loginsetting/login_profile/1", nil)
		e.expectNotFound("eleanor", http.MethodGet, "sysadmin/loginsetting/login_profile/2", nil)
		e.expectNotFound("eleanor", http.MethodGet, "sysadmin/loginsetting/login_profile/99", nil)
	})
}
