package reports_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
)

// Clients get the firm's Client templates and advisers the Adviser ones (spec 2 §6), with the
// fields of spec 2 §3; asking for the other user type's lists nothing.
func TestTemplatesByUserType(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, db)
		names := func(p access.Principal, query string) []string {
			in.as(p)
			rec := httptest.NewRecorder()
			in.engine.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/resourceful/xmerge/template-v2"+query, nil))
			var list []map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || rec.Code != 200 {
				t.Fatalf("%d %s", rec.Code, rec.Body.String())
			}
			var out []string
			for _, tm := range list {
				out = append(out, tm["name"].(string)+"|"+tm["dateParameters"].(string)+"|"+tm["userType"].(string)+"|"+tm["requiredSelector"].(string))
			}
			return out
		}
		client, adviser := principal(t, db, "demo.client"), principal(t, db, "demo.adviser@client")
		if got, want := names(client, ""), []string{"Portfolio valuation|Date Range|Client|Select Entity",
			"Holdings statement|Single Date|Client|Account Group Or Account"}; !slices.Equal(got, want) {
			t.Errorf("client: %q", got)
		}
		if got := names(adviser, "?user_type=Adviser"); len(got) != 2 || got[0] != "Adviser valuation pack|Date Range|Adviser|Select Entity" {
			t.Errorf("adviser: %q", got)
		}
		if got := names(client, "?user_type=Adviser"); len(got) != 0 {
			t.Errorf("client asking for adviser templates: %q", got)
		}
	})
}

// The run call's rules: the caller's own templates, entities, groups and accounts only (a
// foreign id answers like a missing one), an adviser only with a client in context, the
// template's dates, and the spec's texts for bad ranges.
func TestRunChecksTheRequest(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, migrated(t, db))
		ctx := context.Background()
		eleanor, priya := principal(t, db, "demo.client"), principal(t, db, "demo.assets")
		adviser := principal(t, db, "demo.adviser@client")
		inContext := adviser
		inContext.ClientInContext = eleanor.EntityID
		var james, priyaAccount int64
		if err := db.QueryRowContext(ctx, db.Rebind(`SELECT id FROM entity WHERE first_name = ? AND last_name = ?`), "James", "Whitfield").Scan(&james); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRowContext(ctx, db.Rebind(`SELECT a.id FROM account a JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id WHERE pp.entity_id = ? ORDER BY a.id LIMIT 1`), priya.EntityID).Scan(&priyaAccount); err != nil {
			t.Fatal(err)
		}
		valuation, holdings := templateID(t, db, "Portfolio valuation"), templateID(t, db, "Holdings statement")
		pack := templateID(t, db, "Adviser valuation pack")
		vars := func(kv ...any) map[string]any {
			v := map[string]any{}
			for i := 0; i+1 < len(kv); i += 2 {
				v[kv[i].(string)] = kv[i+1]
			}
			return v
		}
		cases := []struct {
			name     string
			who      access.Principal
			template int64
			path     string
			body     map[string]any
			code     int
			message  string
		}{
			{"the year to today", eleanor, valuation, "", lastYear(), 200, ""},
			{"'Generate report' (no template)", eleanor, 0, "/resourceful/xmerge/template-v2/default?_method=runasync", map[string]any{}, 200, ""},
			{"'Generate report' for another client", eleanor, 0, "/resourceful/xmerge/template-v2/default?_method=runasync", map[string]any{"entityid": priya.EntityID}, 404, "Resource Not Found"},
			{"since inception", eleanor, valuation, "", map[string]any{"variables": vars("since_inception", true)}, 200, ""},
			{"the partner, a related entity", eleanor, valuation, "", map[string]any{"entityid": james, "variables": vars("since_inception", true)}, 200, ""},
			{"another client", eleanor, valuation, "", map[string]any{"entityid": priya.EntityID, "variables": vars("since_inception", true)}, 404, "Resource Not Found"},
			{"an adviser's template", eleanor, pack, "", lastYear(), 404, "Resource Not Found"},
			{"a missing template", eleanor, pack + 1000, "", lastYear(), 404, "Resource Not Found"},
			{"no _method", eleanor, valuation, "/resourceful/xmerge/template-v2/" + strconv.FormatInt(valuation, 10), lastYear(), 400, "_method must be runasync."},
			{"end before start", eleanor, valuation, "", map[string]any{"variables": vars("from_date", "2025-06-01", "to_date", "2025-05-01")}, 400,
				"You cannot select an End date earlier than the Start date."},
			{"before the opening", eleanor, valuation, "", map[string]any{"variables": vars("from_date", "1990-01-01", "to_date", "2025-05-01")}, 400,
				"The date range selected is earlier than the portfolio / account opening date."},
			{"no range", eleanor, valuation, "", map[string]any{"variables": vars()}, 400, "from_date and to_date are required for this report, or since_inception."},
			{"single date missing", eleanor, holdings, "", map[string]any{"variables": vars("report_type", "group")}, 400, "group_code is required for this report."},
			{"a group", eleanor, holdings, "", map[string]any{"group_code": "RET", "variables": vars("report_type", "group", "as_at_date", "2025-12-31")}, 200, ""},
			{"no as-at date", eleanor, holdings, "", map[string]any{"group_code": "RET", "variables": vars("report_type", "group")}, 400, "as_at_date is required for this report."},
			{"a missing group", eleanor, holdings, "", map[string]any{"group_code": "NOPE", "variables": vars("report_type", "group", "as_at_date", "2025-12-31")}, 404, "Resource Not Found"},
			{"another client's account", eleanor, holdings, "", map[string]any{"variables": vars("report_type", "account", "accountid", priyaAccount, "as_at_date", "2025-12-31")}, 404, "Resource Not Found"},
			{"no report type", eleanor, holdings, "", map[string]any{"variables": vars("as_at_date", "2025-12-31")}, 400, "report_type must be account or group."},
			{"adviser without a client in context", adviser, pack, "", lastYear(), 403, "I am not a clientUser and no client in context"},
			{"adviser in context", inContext, pack, "", lastYear(), 200, ""},
			{"adviser in context, a client template", inContext, valuation, "", lastYear(), 404, "Resource Not Found"},
			{"adviser in context, another client", inContext, pack, "", map[string]any{"entityid": priya.EntityID, "variables": vars("since_inception", true)}, 404, "Resource Not Found"},
		}
		for _, c := range cases {
			path := c.path
			if path == "" {
				path = runPath(c.template)
			}
			code, out := in.as(c.who).call(t, http.MethodPost, path, c.body)
			if code != c.code || (c.message != "" && out["api_message"] != c.message) || (c.code == 200 && out["job_id"] == nil) {
				t.Errorf("%s: %d %v, want %d %q", c.name, code, out, c.code, c.message)
			}
		}
	})
}

// Runs count against the user's write limit (30 in 15 minutes): the next one is refused
// with 429, and nothing more is queued.
func TestRunIsRateLimited(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, migrated(t, db)).as(principal(t, db, "demo.client"))
		valuation := templateID(t, db, "Portfolio valuation")
		for i := range 30 {
			if code, out := in.call(t, http.MethodPost, runPath(valuation), lastYear()); code != 200 {
				t.Fatalf("run %d: %d %v", i+1, code, out)
			}
		}
		code, out := in.call(t, http.MethodPost, runPath(valuation), lastYear())
		if code != 429 {
			t.Fatalf("31st run: %d %v", code, out)
		}
		var jobs int
		if err := db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM river_job`).Scan(&jobs); err != nil || jobs != 30 {
			t.Fatalf("%d jobs (%v)", jobs, err)
		}
	})
}
