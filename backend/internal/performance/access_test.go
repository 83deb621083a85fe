package performance

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/access"
)

// A foreign id answers exactly like a missing one: same status, same body, so ids of other
// clients, advisers' clients and firms cannot be probed.
func TestForeignIDsAnswerLikeMissingOnes(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		series := func(kind, id string) string {
			return "portfolio/" + kind + "/" + id + "/profit_analysis/historic_time_series_twrr"
		}
		groupSeries := func(code string) string {
			return "portfolio/group/account/code/" + code + "/profit_analysis/historic_time_series_twrr"
		}
		const detail = "portfolio/profit_analysis/detail"
		const groupDetail = "portfolio/group/account/code/CYGRP/profit_analysis/detail"
		missing := env.get(t, "ada", series("account", "99999"), nil)
		if missing.Code != http.StatusNotFound {
			t.Fatalf("missing account: %d %s", missing.Code, missing.Body.String())
		}
		wantBody := missing.Body.String()

		cases := []struct {
			name, user, path string
			params           []string
		}{
			{"missing portfolio", "ada", series("portfolio", "99999"), nil},
			{"missing group", "ada", groupSeries("NOPE"), nil},
			{"missing account in a list", "ada", detail, []string{"accountid", "99999"}},
			{"not an id", "ada", series("account", "abc"), nil},
			{"another client's account", "ada", series("account", "5"), nil},
			{"another client's account in a list", "ada", detail, []string{"accountid", "1", "accountid", "5"}},
			{"another client's portfolio", "ada", series("portfolio", "4"), nil},
			{"another client's group", "ada", groupSeries("CYGRP"), nil},
			{"another client's group detail", "ada", groupDetail, nil},
			{"another client as entityid", "ada", detail, []string{"entityid", "12"}},
			{"partner's account without view_partner", "ada", series("account", "4"), nil},
			{"partner's portfolio without view_partner", "ada", series("portfolio", "3"), nil},
			{"partner as entityid without view_partner", "ada", detail, []string{"entityid", "11"}},
			{"partner's single account, the other way", "bob", series("account", "1"), nil},
			{"another adviser's client's account", "blair", series("account", "1"), nil},
			{"another adviser's client's portfolio", "blair", series("portfolio", "1"), nil},
			{"another adviser's client's group", "blair", groupSeries("ADAGRP"), nil},
			{"another adviser's client in a list", "blair", detail, []string{"accountid", "1"}},
			{"another adviser's client as entityid", "blair", detail, []string{"entityid", "10"}},
			{"another firm's adviser", "eli", series("account", "1"), nil},
			{"another firm's adviser, portfolio", "eli", series("portfolio", "1"), nil},
			{"another firm's adviser, entityid", "eli", detail, []string{"entityid", "10"}},
			{"another firm's adviser, group", "eli", groupDetail, []string{"entityid", "12"}},
			{"another firm's client", "eve", series("account", "1"), nil},
			{"own group code under another client's id", "ada", groupSeries("ADAGRP"), []string{"entityid", "12"}},
		}
		for _, c := range cases {
			rec := env.get(t, c.user, c.path, q(c.params...))
			if rec.Code != http.StatusNotFound || rec.Body.String() != wantBody {
				t.Errorf("%s: %d %s, want 404 %s", c.name, rec.Code, rec.Body.String(), wantBody)
			}
		}

		// The same calls succeed for those entitled to them.
		allowed := []struct{ name, user, path string }{
			{"own account", "ada", series("account", "1")},
			{"adviser's client", "alex", series("account", "1")},
			{"joint account, secondary owner", "bob", series("account", "3")},
			{"own group", "cy", groupSeries("CYGRP")},
		}
		for _, c := range allowed {
			if rec := env.get(t, c.user, c.path, q("start_date", "2024-03-01")); rec.Code != http.StatusOK {
				t.Errorf("%s: %d %s", c.name, rec.Code, rec.Body.String())
			}
		}
		// With view_partner Ada reaches Bob's own accounts.
		exec(t, env.db, `INSERT INTO capability_grant (firm_id, role_name, entity_id, capability, enabled) VALUES (1, 'ClientUser', 10, ?, 1)`, access.ViewPartner)
		if rec := env.get(t, "ada", series("account", "4"), q("start_date", "2024-03-01")); rec.Code != http.StatusOK {
			t.Errorf("partner's account with view_partner: %d %s", rec.Code, rec.Body.String())
		}
		if rec := env.get(t, "ada", detail, q("entityid", "11", "start_date", "2024-03-01")); rec.Code != http.StatusOK {
			t.Errorf("partner as entityid with view_partner: %d %s", rec.Code, rec.Body.String())
		}
	})
}

func TestUnauthenticatedCallsAreRefused(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		for _, path := range []string{
			"/resourceful/portfolio/profit_analysis/detail",
			"/resourceful/portfolio/account/1/profit_analysis/historic_time_series_twrr",
		} {
			req, _ := http.NewRequest(http.MethodGet, path, nil)
			rec := httptest.NewRecorder()
			env.engine.ServeHTTP(rec, req)
			if rec.Code != http.StatusUnauthorized {
				t.Errorf("%s without a session: %d", path, rec.Code)
			}
		}
	})
}
