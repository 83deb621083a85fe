package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"wealthportal/backend/internal/clientcontext"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// ctxHarness is the portal with the ids of the demo firm that the client-in-context tests use.
type ctxHarness struct {
	*harness
	db *store.DB // the platform's store (the portal's too, embedded)
}

func newCtxHarnessOn(t *testing.T, d store.Dialect, remote bool) *ctxHarness {
	t.Helper()
	if remote {
		h := newRemoteHarnessOn(t, d, nil)
		return &ctxHarness{harness: h, db: h.platformDB}
	}
	h := newHarnessOn(t, d)
	return &ctxHarness{harness: h, db: h.app.DB}
}

// entityOf is a login's entity.
func (h *ctxHarness) entityOf(username string) int64 {
	h.t.Helper()
	var id int64
	if err := h.db.QueryRow(h.db.Rebind(`SELECT entity_id FROM app_user WHERE username = ?`), username).Scan(&id); err != nil {
		h.t.Fatalf("entity of %s: %v", username, err)
	}
	return id
}

// ids runs a query of ids.
func (h *ctxHarness) ids(query string, args ...any) []int64 {
	h.t.Helper()
	rows, err := h.db.Query(h.db.Rebind(query), args...)
	if err != nil {
		h.t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			h.t.Fatal(err)
		}
		out = append(out, id)
	}
	if len(out) == 0 {
		h.t.Fatalf("no ids for %s %v", query, args)
	}
	return out
}

// clientsOf are an adviser login's clients.
func (h *ctxHarness) clientsOf(adviser string) []int64 {
	return h.ids(`SELECT e.id FROM entity e WHERE e.entity_kind = 'client' AND e.adviser_entity_id = ? ORDER BY e.id`, h.entityOf(adviser))
}

// accountOf and portfolioOf are a client's first account and portfolio.
func (h *ctxHarness) accountOf(client int64) int64 {
	return h.ids(`SELECT a.id FROM account a JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id
		WHERE pp.entity_id = ? AND pp.reason_for_visibility = 'single_owner' ORDER BY a.id`, client)[0]
}

func (h *ctxHarness) portfolioOf(client int64) int64 {
	return h.ids(`SELECT portfolio_id FROM portfolio_party WHERE entity_id = ? AND reason_for_visibility = 'single_owner' ORDER BY portfolio_id`, client)[0]
}

// missing is an id no row of table has.
func (h *ctxHarness) missing(table string) int64 {
	h.t.Helper()
	var id int64
	if err := h.db.QueryRow(`SELECT COALESCE(MAX(id), 0) + 1000 FROM ` + table).Scan(&id); err != nil {
		h.t.Fatal(err)
	}
	return id
}

// open puts a client in context and returns the answer.
func (h *ctxHarness) open(cookies []*http.Cookie, client int64, level string) answer {
	h.t.Helper()
	body := fmt.Sprintf(`{"client_id":%d}`, client)
	if level != "" {
		body = fmt.Sprintf(`{"client_id":%d,"site_access_level":%q}`, client, level)
	}
	return h.do(http.MethodPut, "/api/client-context", body, cookies)
}

// mustOpen is open that must succeed.
func (h *ctxHarness) mustOpen(cookies []*http.Cookie, client int64, level string) map[string]any {
	h.t.Helper()
	a := h.open(cookies, client, level)
	cic, _ := a.body["client_in_context"].(map[string]any)
	if a.code != http.StatusOK || cic == nil {
		h.t.Fatalf("open %d: %d %s", client, a.code, a.raw)
	}
	return cic
}

// auditRows are the audit trail's rows as action and target, oldest first.
func (h *ctxHarness) auditRows(client int64) []string {
	h.t.Helper()
	db := h.app.DB
	rows, err := db.Query(db.Rebind(`SELECT action, target FROM audit_event WHERE client_entity_id = ? ORDER BY id`), client)
	if err != nil {
		h.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var action, target string
		if err := rows.Scan(&action, &target); err != nil {
			h.t.Fatal(err)
		}
		out = append(out, action+" "+target)
	}
	return out
}

func siteTypeCookie(a answer) *http.Cookie {
	for _, c := range a.cookies {
		if c.Name == clientcontext.SiteTypeCookie {
			return c
		}
	}
	return nil
}

// An adviser puts one of its clients in context: the answer carries spec 3 §3.4's fields and the
// chosen portal view, the site_type cookie follows the view (NotAssigned written as Messages),
// GET reads it back from the session, DELETE clears it and expires the cookie. A client session
// has none and cannot set one; a bad view is a 400.
func TestClientContextOpenReadClose(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newCtxHarnessOn(t, dialect, false)
		adviser, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
		eleanor := h.entityOf("demo.client")

		if a := h.do(http.MethodGet, "/api/client-context", "", adviser); a.code != 200 || a.raw != `{"client_in_context":null}` {
			t.Fatalf("nothing in context yet: %d %s", a.code, a.raw)
		}
		a := h.open(adviser, eleanor, "")
		cic, _ := a.body["client_in_context"].(map[string]any)
		if a.code != 200 || cic == nil {
			t.Fatalf("open: %d %s", a.code, a.raw)
		}
		for k, want := range map[string]any{"id": float64(eleanor), "entity_id": float64(eleanor), "display_name": "Eleanor Whitfield",
			"preferred_currency": "GBP", "is_preview_mode": false, "site_access_level": "Portfolio", "has_client_access": true} {
			if cic[k] != want {
				t.Errorf("%s = %v, want %v", k, cic[k], want)
			}
		}
		for _, k := range []string{"last_login_datetime", "user_timezone"} {
			if _, ok := cic[k]; !ok {
				t.Errorf("no %s in %s", k, a.raw)
			}
		}
		ck := siteTypeCookie(a)
		if ck == nil || ck.Value != "Portfolio" || ck.SameSite != http.SameSiteStrictMode || ck.Path != "/" || ck.HttpOnly {
			t.Fatalf("site_type cookie %+v", ck)
		}
		if g := h.do(http.MethodGet, "/api/client-context", "", adviser); g.code != 200 || g.raw != a.raw {
			t.Fatalf("read back: %d %s, want %s", g.code, g.raw, a.raw)
		}
		// Back on the list, the whole book is there while Eleanor stays in context.
		if items := decodeList(t, h.do(http.MethodGet, "/xplanapi/entity/client-v3/?page_size=200", "", adviser)); len(items) != len(h.clientsOf("demo.adviser@client")) {
			t.Fatalf("the list with a client in context has %d clients", len(items))
		}

		// Another portal view is preview mode; NotAssigned is written as Messages.
		for level, cookie := range map[string]string{"Messages": "Messages", "NotAssigned": "Messages", "Assets": "Assets"} {
			a := h.open(adviser, eleanor, level)
			cic, _ := a.body["client_in_context"].(map[string]any)
			if a.code != 200 || cic["is_preview_mode"] != true || cic["site_access_level"] != level {
				t.Fatalf("view %s: %d %s", level, a.code, a.raw)
			}
			if ck := siteTypeCookie(a); ck == nil || ck.Value != cookie {
				t.Fatalf("view %s: cookie %+v", level, ck)
			}
		}
		want(t, "bad view", h.open(adviser, eleanor, "Everything"), 400, "site_access_level must be Portfolio, Assets, Messages or NotAssigned")

		// 'No client access' (spec 3 §2.6): a client whose only login is disabled, in its own
		// view, cannot be opened and nothing changes; in another view it opens in preview. A
		// client with no login at all is always preview.
		testdb.MustExec(t, h.db, `UPDATE app_user SET disabled = 1 WHERE username = 'demo.messages'`)
		thomas := h.entityOf("demo.messages")
		before := h.do(http.MethodGet, "/api/client-context", "", adviser).raw
		refused := h.open(adviser, thomas, "")
		if refused.code != 403 || refused.body["user_message"] != "You do not have access to this client." || siteTypeCookie(refused) != nil {
			t.Fatalf("no client access: %d %s", refused.code, refused.raw)
		}
		if after := h.do(http.MethodGet, "/api/client-context", "", adviser).raw; after != before {
			t.Fatalf("a refused open changed the context: %s", after)
		}
		if cic := h.mustOpen(adviser, thomas, "Portfolio"); cic["is_preview_mode"] != true || cic["has_client_access"] != false {
			t.Fatalf("disabled login, another view: %v", cic)
		}
		noLogin := h.ids(`SELECT e.id FROM entity e WHERE e.adviser_entity_id = ? AND e.entity_kind = 'client'
			AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.entity_id = e.id) ORDER BY e.id`, h.entityOf("demo.adviser@client"))[0]
		if cic := h.mustOpen(adviser, noLogin, ""); cic["is_preview_mode"] != true || cic["has_client_access"] != false {
			t.Fatalf("no login: %v", cic)
		}
		want(t, "no client id", h.do(http.MethodPut, "/api/client-context", `{}`, adviser), 400, "client_id is required")

		d := h.do(http.MethodDelete, "/api/client-context", "", adviser)
		if d.code != 200 || d.raw != `{"client_in_context":null}` {
			t.Fatalf("close: %d %s", d.code, d.raw)
		}
		if ck := siteTypeCookie(d); ck == nil || ck.MaxAge >= 0 {
			t.Fatalf("close leaves the cookie: %+v", ck)
		}
		if g := h.do(http.MethodGet, "/api/client-context", "", adviser); g.raw != `{"client_in_context":null}` {
			t.Fatalf("after close: %s", g.raw)
		}

		client, _ := loginAs(h.harness, "demo.client", "DemoClient#2026")
		want(t, "client opens", h.open(client, eleanor, ""), 403, "Permission Error: access denied")
		if g := h.do(http.MethodGet, "/api/client-context", "", client); g.code != 200 || g.raw != `{"client_in_context":null}` {
			t.Fatalf("client reads: %d %s", g.code, g.raw)
		}
		want(t, "anonymous", h.do(http.MethodGet, "/api/client-context", "", nil), 401, "")
	})
}

// An adviser with no client in context gets spec 1 §6's error from every call of a client's
// data, directly and through the BFF's transactions; the session's own settings and the client
// list still answer.
func TestAdviserWithoutClientInContext(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newCtxHarnessOn(t, dialect, false)
		adviser, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
		eleanor := h.entityOf("demo.client")
		const msg = "I am not a clientUser and no client in context"
		for _, path := range []string{
			fmt.Sprintf("/xplanapi/entity/client/%d", eleanor), fmt.Sprintf("/xplanapi/entity/client/%d/portfolio", eleanor),
			fmt.Sprintf("/xplanapi/entity/client-v3/%d/capability", eleanor), "/xplanapi/portfolio/account",
			fmt.Sprintf("/xplanapi/portfolio/account/%d", h.accountOf(eleanor)), "/xplanapi/docnote-v2",
			fmt.Sprintf("/bff/api/account/transactions?accountIds=%d", h.accountOf(eleanor)),
		} {
			a := h.do(http.MethodGet, path, "", adviser)
			if a.code != 403 || a.body["api_message"] != msg || a.body["user_message"] != msg {
				t.Errorf("%s: %d %s", path, a.code, a.raw)
			}
		}
		for _, path := range []string{"/xplanapi/session/capability", "/xplanapi/entity/client-v3/?quicksearch=Whitfield&page_size=20", "/xplanapi/site"} {
			if a := h.do(http.MethodGet, path, "", adviser); a.code != 200 {
				t.Errorf("%s: %d %s", path, a.code, a.raw)
			}
		}
		if rows := h.auditRows(eleanor); len(rows) != 0 {
			t.Errorf("audit rows with no client in context: %v", rows)
		}
	})
}

// decodeList reads a JSON list answer.
func decodeList(t *testing.T, a answer) []map[string]any {
	t.Helper()
	var items []map[string]any
	if err := json.Unmarshal([]byte(a.raw), &items); err != nil {
		t.Fatalf("not a list: %d %s", a.code, a.raw)
	}
	return items
}

func joinIDs(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = fmt.Sprint(id)
	}
	return strings.Join(s, ",")
}

// same is two answers that cannot be told apart: status and body bytes.
func same(t *testing.T, what string, foreign, missing answer) {
	t.Helper()
	if foreign.code != missing.code || foreign.raw != missing.raw {
		t.Errorf("%s: foreign %d %.200s, missing %d %.200s", what, foreign.code, foreign.raw, missing.code, missing.raw)
	}
	if foreign.code == http.StatusOK {
		t.Errorf("%s: answered 200 %.200s", what, foreign.raw)
	}
}

// demo.adviser2 cannot list, open or read anything of demo.adviser's clients by any endpoint
// (the list, the client, portfolios, accounts, assets, documents, transactions, batch items and
// batch references), by guessing ids, before or after opening a client of its own: every
// foreign object answers exactly like a missing one. Embedded and remote, on each dialect.
func TestAdviserCannotReachAnotherAdvisersClients(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		for _, remote := range []bool{false, true} {
			t.Run(map[bool]string{false: "embedded", true: "remote"}[remote], func(t *testing.T) {
				h := newCtxHarnessOn(t, dialect, remote)
				oliverClients, sophieClients := h.clientsOf("demo.adviser@client"), h.clientsOf("demo.adviser2@client")
				eleanor := h.entityOf("demo.client")
				eleanorUser := h.ids(`SELECT id FROM app_user WHERE username = 'demo.client'`)[0]
				sophie, _ := loginAs(h.harness, "demo.adviser2@client", "DemoAdviser2#2026")
				get := func(path string) answer { return h.do(http.MethodGet, path, "", sophie) }

				// The list: only Sophie's own clients, whatever the search.
				items := decodeList(t, get("/xplanapi/entity/client-v3/?page_size=200"))
				if len(items) != len(sophieClients) {
					t.Fatalf("Sophie lists %d clients, has %d", len(items), len(sophieClients))
				}
				theirs := map[int64]bool{}
				for _, id := range oliverClients {
					theirs[id] = true
				}
				for _, it := range items {
					if theirs[int64(it["id"].(float64))] {
						t.Fatalf("Sophie's list shows Oliver's client %v", it["id"])
					}
				}
				for _, q := range []string{"entity/client-v3/?quicksearch=Whitfield", "entity/client-v3/?quicksearch=Eleanor%20pcode:BS",
					fmt.Sprintf("entity/client/?user_id=%d", eleanorUser)} {
					if got := decodeList(t, get("/xplanapi/"+q)); len(got) != 0 {
						t.Errorf("%s: %v", q, got)
					}
				}

				// Opening: another adviser's client, a missing id and an entity that is no client
				// (Oliver himself) are one and the same 404.
				missingEntity := h.missing("entity")
				notFound := h.open(sophie, missingEntity, "")
				want(t, "open a missing client", notFound, 404, "Resource Not Found")
				same(t, "open Eleanor", h.open(sophie, eleanor, ""), notFound)
				same(t, "open an adviser", h.open(sophie, h.entityOf("demo.adviser@client"), ""), notFound)
				for _, id := range oliverClients[:5] {
					same(t, fmt.Sprintf("open Oliver's client %d", id), h.open(sophie, id, "Portfolio"), notFound)
				}

				// With a client of her own in context, every read of Eleanor's objects answers
				// like a missing object's.
				own := sophieClients[0]
				h.mustOpen(sophie, own, "Portfolio")
				acc, pf := h.accountOf(eleanor), h.portfolioOf(eleanor)
				missingAcc, missingPf, missingUser := h.missing("account"), h.missing("portfolio"), h.missing("app_user")
				for _, p := range []struct{ foreign, missing string }{
					{"entity/client/%d", "entity/client/%d"},
					{"entity/client-v3/%d", "entity/client-v3/%d"},
					{"entity/client-v3/%d/capability", "entity/client-v3/%d/capability"},
					{"entity/client-v3/%d/address", "entity/client-v3/%d/address"},
					{"entity/client-v3/%d/contact", "entity/client-v3/%d/contact"},
					{"entity/client/%d/portfolio", "entity/client/%d/portfolio"},
					{"entity/client/%d/asset", "entity/client/%d/asset"},
					{"entity/client/%d/client_group/member", "entity/client/%d/client_group/member"},
					{"entity/client-v4/%d/total_amount?list_name=asset", "entity/client-v4/%d/total_amount?list_name=asset"},
				} {
					same(t, p.foreign, get(fmt.Sprintf("/xplanapi/"+p.foreign, eleanor)), get(fmt.Sprintf("/xplanapi/"+p.missing, missingEntity)))
				}
				same(t, "login", get(fmt.Sprintf("/xplanapi/entity/user/%d", eleanorUser)), get(fmt.Sprintf("/xplanapi/entity/user/%d", missingUser)))
				for _, p := range []string{"portfolio/account/%d", "portfolio/account/%d/transaction", "portfolio/account?accountids=%d",
					"portfolio/transaction?page_size=5&accountid=%d", "portfolio/position?accountid=%d", "portfolio/account/%d/targetlink"} {
					same(t, p, get(fmt.Sprintf("/xplanapi/"+p, acc)), get(fmt.Sprintf("/xplanapi/"+p, missingAcc)))
				}
				same(t, "BFF transactions", get(fmt.Sprintf("/bff/api/account/transactions?accountIds=%d", acc)),
					get(fmt.Sprintf("/bff/api/account/transactions?accountIds=%d", missingAcc)))
				for _, p := range []string{"portfolio/portfolio/%d", "portfolio/portfolio/%d/account", "portfolio/portfolio?portfolioids=%d"} {
					same(t, p, get(fmt.Sprintf("/xplanapi/"+p, pf)), get(fmt.Sprintf("/xplanapi/"+p, missingPf)))
				}
				for _, p := range []string{"docnote-v2/%d", "docnote-v2/%d/attachment-v4", "docnote/files/%d/1/statement.pdf"} {
					same(t, p, get(fmt.Sprintf("/xplanapi/"+p, 1)), get(fmt.Sprintf("/xplanapi/"+p, 999999)))
				}
				// Guessing ids: none of Oliver's clients answers otherwise than a missing one.
				for _, id := range oliverClients {
					same(t, fmt.Sprintf("guess %d", id), get(fmt.Sprintf("/xplanapi/entity/client/%d/portfolio", id)),
						get(fmt.Sprintf("/xplanapi/entity/client/%d/portfolio", missingEntity)))
				}

				// Batches: items naming Eleanor's objects, and a reference to an earlier result.
				batch := func(client, account int64) answer {
					b, _ := json.Marshal(map[string]any{"batch": []any{
						map[string]any{"name": "c", "method": "GET", "url": fmt.Sprintf("/resourceful/entity/client/%d", client)},
						map[string]any{"name": "a", "method": "GET", "url": fmt.Sprintf("portfolio/account/%d", account)},
						map[string]any{"name": "t", "method": "GET", "url": fmt.Sprintf("portfolio/transaction?accountid=%d", account)},
						map[string]any{"name": "mine", "method": "GET", "url": fmt.Sprintf("entity/client/%d/portfolio", own)},
						map[string]any{"name": "ref", "method": "GET", "url": fmt.Sprintf("entity/client/%d/portfolio?x={result=c:$.id}", client)},
					}})
					return h.do(http.MethodPost, "/xplanapi/", string(b), sophie)
				}
				foreign, missing := batch(eleanor, acc), batch(missingEntity, missingAcc)
				// Each item's request id (remote mode) is the only difference allowed.
				ids := regexp.MustCompile(`,"X-Request-Id":"[0-9a-f]+"`)
				if foreign.code != 200 || ids.ReplaceAllString(foreign.raw, "") != ids.ReplaceAllString(missing.raw, "") {
					t.Errorf("batch: foreign %d %.400s\nmissing %d %.400s", foreign.code, foreign.raw, missing.code, missing.raw)
				}
				var results []map[string]any
				_ = json.Unmarshal([]byte(foreign.raw), &results)
				for i, r := range results {
					if code := r["code"].(float64); (i == 3) != (code == 200) {
						t.Errorf("batch item %d: %v", i, r)
					}
				}
			})
		}
	})
}

// The client in context is the session row's, never the browser's: with Eleanor in context the
// adviser reaches only her (and her partner as she would), not another of his own clients; after
// switching to another client the same cookie reaches that client and no longer Eleanor; a
// switch to another adviser's client or from another site changes nothing; a site_type cookie
// edited by hand opens no portfolio data the chosen view does not show; after logout the old
// cookie opens nothing, nor does a forged one. Embedded and remote.
func TestClientContextCannotBeForgedOrReplayed(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		for _, remote := range []bool{false, true} {
			t.Run(map[bool]string{false: "embedded", true: "remote"}[remote], func(t *testing.T) {
				h := newCtxHarnessOn(t, dialect, remote)
				eleanor, james := h.entityOf("demo.client"), h.ids(`SELECT partner_entity_id FROM entity WHERE id = ?`, h.entityOf("demo.client"))[0]
				priya := h.entityOf("demo.assets")
				oliver, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
				get := func(path string, cookies []*http.Cookie) answer { return h.do(http.MethodGet, path, "", cookies) }
				eleanorAcc, priyaAcc, missingAcc := h.accountOf(eleanor), h.accountOf(priya), h.missing("account")
				accountOf := func(id int64) string { return fmt.Sprintf("/xplanapi/portfolio/account/%d", id) }

				h.mustOpen(oliver, eleanor, "")
				missingAccount := get(accountOf(missingAcc), oliver)
				if a := get(accountOf(eleanorAcc), oliver); a.code != 200 {
					t.Fatalf("Eleanor's account with Eleanor in context: %d %s", a.code, a.raw)
				}
				// Another of Oliver's own clients is out of reach while Eleanor is in context,
				// by its entity and by the ids of its objects.
				same(t, "Priya's account, Eleanor in context", get(accountOf(priyaAcc), oliver), missingAccount)
				same(t, "Priya's entity, Eleanor in context", get(fmt.Sprintf("/xplanapi/entity/client/%d", priya), oliver),
					get(fmt.Sprintf("/xplanapi/entity/client/%d", h.missing("entity")), oliver))
				same(t, "Priya's account in a list", get("/xplanapi/portfolio/account?accountids="+joinIDs([]int64{eleanorAcc, priyaAcc}), oliver),
					get("/xplanapi/portfolio/account?accountids="+joinIDs([]int64{eleanorAcc, missingAcc}), oliver))
				// Her partner as she sees him.
				client, _ := loginAs(h.harness, "demo.client", "DemoClient#2026")
				partner := fmt.Sprintf("/xplanapi/entity/client/%d", james)
				if a, b := get(partner, oliver), get(partner, client); a.code != b.code {
					t.Errorf("James: adviser in context %d, Eleanor herself %d", a.code, b.code)
				}

				// Switching: the same cookie now reaches Priya and no longer Eleanor.
				h.mustOpen(oliver, priya, "")
				if a := get(accountOf(priyaAcc), oliver); a.code != 200 {
					t.Fatalf("Priya's account after switching: %d %s", a.code, a.raw)
				}
				same(t, "Eleanor's account after switching", get(accountOf(eleanorAcc), oliver), missingAccount)
				same(t, "Eleanor's entity after switching", get(fmt.Sprintf("/xplanapi/entity/client/%d/portfolio", eleanor), oliver),
					get(fmt.Sprintf("/xplanapi/entity/client/%d/portfolio", h.missing("entity")), oliver))

				// Forged switches change nothing.
				before := h.do(http.MethodGet, "/api/client-context", "", oliver).raw
				want(t, "switch to Sophie's client", h.open(oliver, h.clientsOf("demo.adviser2@client")[0], ""), 404, "Resource Not Found")
				cross := h.do(http.MethodPut, "/api/client-context", fmt.Sprintf(`{"client_id":%d}`, eleanor), oliver,
					"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example")
				if cross.code != http.StatusForbidden {
					t.Fatalf("cross-site switch: %d %s", cross.code, cross.raw)
				}
				if after := h.do(http.MethodGet, "/api/client-context", "", oliver).raw; after != before {
					t.Fatalf("forged switches changed the context: %s, was %s", after, before)
				}

				// A site_type cookie edited by hand: the Messages view shows no portfolio data.
				h.mustOpen(oliver, priya, "Messages")
				edited := append([]*http.Cookie{{Name: clientcontext.SiteTypeCookie, Value: "Portfolio"}}, oliver...)
				want(t, "edited site_type", get(accountOf(priyaAcc), edited), 403, "Permission Error: access denied")
				if a := get(fmt.Sprintf("/xplanapi/entity/client-v3/%d", priya), edited); a.code != 200 {
					t.Fatalf("Messages view, the client's details: %d %s", a.code, a.raw)
				}

				// After logout the old cookie opens nothing; nor does a forged session cookie.
				if a := h.do(http.MethodDelete, "/xplanapi/session", "", oliver); a.code >= 300 {
					t.Fatalf("logout: %d %s", a.code, a.raw)
				}
				for what, ck := range map[string][]*http.Cookie{"old cookie": oliver,
					"forged cookie": {{Name: "portal_session", Value: "MTc2NDA2MDgwMHxabc" + oliver[0].Value[20:]}}} {
					for _, path := range []string{accountOf(priyaAcc), "/api/client-context"} {
						want(t, what+" "+path, get(path, ck), 401, "")
					}
					want(t, what+" open", h.open(ck, eleanor, ""), 401, "")
				}
			})
		}
	})
}

// An adviser in context writes none of the client's data (spec 2 §6 preferences read-only,
// spec 3 §6): preferences, terms, messages, read receipts, signatures and notifications answer
// 403 directly and 404 as batch items, and the client's preferences stay as they were.
func TestAdviserInContextCannotWriteClientData(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newCtxHarnessOn(t, dialect, false)
		eleanor := h.entityOf("demo.client")
		prefs := func() string {
			var email, sms int
			if err := h.db.QueryRow(h.db.Rebind(`SELECT comm_pref_email, comm_pref_sms FROM entity WHERE id = ?`), eleanor).Scan(&email, &sms); err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(email, sms)
		}
		was := prefs()
		oliver, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
		h.mustOpen(oliver, eleanor, "")
		for _, w := range []struct{ method, path, body string }{
			{http.MethodPut, fmt.Sprintf("entity/client-v3/%d", eleanor), `{"comm_pref_email":"0","comm_pref_sms":"0"}`},
			{http.MethodPatch, fmt.Sprintf("entity/client-v3/%d", eleanor), `{"comm_pref_email":"1"}`},
			{http.MethodPatch, fmt.Sprintf("entity/client-v4/%d", eleanor), `{"xpt_review_status":2}`},
			{http.MethodPost, fmt.Sprintf("entity/client-v3/%d/terms_and_conditions", eleanor), `{"content":"x","desc":"Login Disclaimer"}`},
			{http.MethodPost, "docnote-v2", `{"subject":"Hello"}`},
			{http.MethodPost, "docnote-v2/5/firstread", `{}`},
			{http.MethodPost, "docnote-v2/5/attachment-v3", `{}`},
			{http.MethodPost, "email/email", `{}`},
			{http.MethodPost, "digital_signature/5/signatories/6/sign", `{"signing_method":1}`},
		} {
			want(t, w.method+" "+w.path, h.do(w.method, "/xplanapi/"+w.path, w.body, oliver), 403, "Permission Error: access denied")
		}
		b, _ := json.Marshal(map[string]any{"batch": []any{map[string]any{"method": "PUT", "url": fmt.Sprintf("entity/client-v3/%d", eleanor),
			"body": map[string]any{"comm_pref_email": "0", "comm_pref_sms": "0"}}}})
		if a := h.do(http.MethodPost, "/xplanapi/", string(b), oliver); a.code != 200 || !strings.Contains(a.raw, `"code":404`) {
			t.Fatalf("batch write: %d %s", a.code, a.raw)
		}
		if now := prefs(); now != was {
			t.Fatalf("preferences changed from %s to %s", was, now)
		}
	})
}

// Every look is in the audit trail, written in the request: opening a client, each forwarded
// call in context (the route pattern, never ids or the query), each batch item, a document
// download (its numeric ids, not its file name), the BFF's transactions, a change of portal
// view, opening another client (closing the first) and closing; with the adviser, the client
// address and the request id the answer carried.
func TestEveryLookIsAudited(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newCtxHarnessOn(t, dialect, false)
		eleanor, priya := h.entityOf("demo.client"), h.entityOf("demo.assets")
		oliver, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
		oliverUser := h.ids(`SELECT id FROM app_user WHERE username = 'demo.adviser@client'`)[0]
		acc := h.accountOf(eleanor)

		opened := h.open(oliver, eleanor, "")
		h.do(http.MethodGet, fmt.Sprintf("/xplanapi/entity/client/%d/portfolio?fields.0=name", eleanor), "", oliver)
		h.do(http.MethodGet, fmt.Sprintf("/xplanapi/portfolio/account/%d", acc), "", oliver)
		h.do(http.MethodPost, "/xplanapi/", fmt.Sprintf(`{"batch":[{"method":"GET","url":"portfolio/account/%d"},{"method":"GET","url":"entity/client-v3/%d/capability"},{"method":"GET","url":"entity/client/%d"}]}`, acc, eleanor, priya), oliver)
		h.do(http.MethodGet, "/xplanapi/docnote/files/12/3/Eleanor%20Whitfield%20valuation.pdf", "", oliver)
		h.do(http.MethodGet, fmt.Sprintf("/bff/api/account/transactions?accountIds=%d", acc), "", oliver)
		h.mustOpen(oliver, eleanor, "Assets")
		h.mustOpen(oliver, priya, "")
		h.do(http.MethodGet, "/xplanapi/session/capability", "", oliver)
		h.do(http.MethodDelete, "/api/client-context", "", oliver)
		h.do(http.MethodGet, "/xplanapi/session/capability", "", oliver) // nothing in context: not audited

		wantRows := []string{
			"open client-context Portfolio",
			"view GET entity/client/{client}/portfolio",
			"view GET portfolio/account/{id}",
			"view GET portfolio/account/{id}",
			"view GET entity/client-v3/{client}/capability",
			"download GET docnote/files/12/3/{name}",
			"view GET bff/api/account/transactions",
			"portal_view client-context Assets",
			"close client-context",
		}
		if got := h.auditRows(eleanor); strings.Join(got, "\n") != strings.Join(wantRows, "\n") {
			t.Errorf("Eleanor's trail:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantRows, "\n"))
		}
		if got, want := h.auditRows(priya), []string{"open client-context Assets", "view GET session/capability", "close client-context"}; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("Priya's trail: %q, want %q", got, want)
		}
		var user int64
		var username, addr, requestID, at string
		db := h.app.DB
		if err := db.QueryRow(`SELECT adviser_user_id, adviser_username, remote_addr, request_id, occurred_at FROM audit_event ORDER BY id LIMIT 1`).
			Scan(&user, &username, &addr, &requestID, &at); err != nil {
			t.Fatal(err)
		}
		if user != oliverUser || username != "demo.adviser@client" || addr != "192.0.2.1" || requestID != opened.header.Get("X-Request-Id") || at != store.FormatTime(h.now) {
			t.Errorf("first row: %d %q %q %q %q (request %q)", user, username, addr, requestID, at, opened.header.Get("X-Request-Id"))
		}
		// The trail is append-only, on both dialects.
		for _, stmt := range []string{`UPDATE audit_event SET action = 'x'`, `DELETE FROM audit_event`} {
			if _, err := db.Exec(stmt); err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: %v", stmt, err)
			}
		}
	})
}

// When the audit trail cannot be written, the request fails with a 500 in the platform's error
// shape and nothing else: the call does not reach the platform, an open does not change the
// client in context.
func TestAuditWriteFailureFailsTheRequest(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newCtxHarnessOn(t, dialect, false)
		eleanor, priya := h.entityOf("demo.client"), h.entityOf("demo.assets")
		oliver, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
		h.mustOpen(oliver, eleanor, "")
		before := h.do(http.MethodGet, "/api/client-context", "", oliver).raw
		spy := spyOnPlatform(h.harness)
		testdb.MustExec(t, h.app.DB, `DROP TABLE audit_event`)

		for _, a := range []answer{
			h.do(http.MethodGet, fmt.Sprintf("/xplanapi/entity/client/%d/portfolio", eleanor), "", oliver),
			h.do(http.MethodPost, "/xplanapi/", fmt.Sprintf(`{"batch":[{"method":"GET","url":"entity/client/%d"}]}`, eleanor), oliver),
			h.do(http.MethodGet, fmt.Sprintf("/bff/api/account/transactions?accountIds=%d", h.accountOf(eleanor)), "", oliver),
		} {
			if a.code != 500 || a.body["api_message"] == nil || a.body["user_message"] == nil || len(a.body) != 2 {
				t.Errorf("audit failed: %d %s", a.code, a.raw)
			}
		}
		if calls := spy.take(); len(calls) != 0 {
			t.Errorf("calls reached the platform: %+v", calls)
		}
		if a := h.open(oliver, priya, ""); a.code != 500 {
			t.Errorf("open with the audit failing: %d %s", a.code, a.raw)
		}
		if after := h.do(http.MethodGet, "/api/client-context", "", oliver).raw; after != before {
			t.Errorf("the context changed: %s, was %s", after, before)
		}
	})
}
