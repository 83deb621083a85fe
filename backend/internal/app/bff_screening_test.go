package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/bff"
	"wealthportal/backend/internal/resourceful"
)

// platformCall is one call as the platform routes it: a direct call, or one item of a batch.
type platformCall struct {
	method string
	path   string // decoded and relative to /resourceful, as the platform's router sees it
	query  url.Values
	body   string
}

// platformSpy records every call the BFF sends to the platform, batch items included, working
// out what each one routes to on its own (the same steps as the platform: unflattened
// parameters, typed values, url.Parse, path.Clean, decoding), so that a test sees what reached
// the platform rather than what the BFF meant to send.
type platformSpy struct {
	next  http.RoundTripper
	mu    sync.Mutex
	calls []platformCall
}

func spyOnPlatform(h *harness) *platformSpy {
	s := &platformSpy{next: h.app.Platform.HTTP.Transport}
	h.app.Platform.HTTP.Transport = s
	return s
}

func (s *platformSpy) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(req.URL.Path, "/resourceful"), "/")
	calls := []platformCall{{method: req.Method, path: rel, query: req.URL.Query(), body: string(body)}}
	if rel == "" && req.Method == http.MethodPost {
		calls = append(calls, batchCalls(req, body)...)
	}
	s.mu.Lock()
	s.calls = append(s.calls, calls...)
	s.mu.Unlock()
	return s.next.RoundTrip(req)
}

// batchCalls are the items of a batch body as the platform will run them.
func batchCalls(req *http.Request, body []byte) []platformCall {
	clone := req.Clone(req.Context())
	clone.Body = io.NopCloser(bytes.NewReader(body))
	p, err := resourceful.Parse(clone)
	if err != nil {
		return nil
	}
	items, err := resourceful.ParseBatch(p)
	if err != nil {
		return nil
	}
	var out []platformCall
	for _, item := range items {
		u, err := url.Parse(item.URL)
		if err != nil {
			continue
		}
		rel := strings.TrimPrefix(u.EscapedPath(), "/")
		if rel == "resourceful" || strings.HasPrefix(rel, "resourceful/") {
			rel = strings.TrimPrefix(rel, "resourceful")
		}
		clean := path.Clean("/" + rel)
		if strings.HasSuffix(rel, "/") && clean != "/" {
			clean += "/" // the platform keeps a list url's trailing slash
		}
		decoded, err := url.PathUnescape(clean)
		if err != nil {
			continue
		}
		b, _ := json.Marshal(item.Body)
		out = append(out, platformCall{method: item.Method, path: strings.TrimPrefix(decoded, "/"), query: u.Query(), body: string(b)})
	}
	return out
}

// take returns the calls recorded since the last take.
func (s *platformSpy) take() []platformCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.calls
	s.calls = nil
	return out
}

// loginAs signs in and returns the session cookie and the user's entity.
func loginAs(h *harness, username, password string) ([]*http.Cookie, int64) {
	h.t.Helper()
	a := h.login(username, password)
	user, _ := a.body["user"].(map[string]any)
	if a.code != http.StatusOK || user == nil {
		h.t.Fatalf("login %s: %d %s", username, a.code, a.raw)
	}
	return sessionCookie(h.t, a), int64(user["entity_id"].(float64))
}

// batchOf is a batch body with one item whose url is spelled as given.
func batchOf(method string, urlValue any) string {
	b, _ := json.Marshal(map[string]any{"batch": []any{map[string]any{"name": "probe", "method": method, "url": urlValue}}})
	return string(b)
}

// The bypasses an independent probe found: a batch item's url sent as a typed value, a path
// with encoded slashes, and the platform's write transactions. None of them may reach the
// platform's routes.
func TestBFFScreeningProbeBypasses(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarnessOn(t, dialect)
		spy := spyOnPlatform(h)
		messages, thomas := loginAs(h, "demo.messages", "DemoMessages#2026")
		_, eleanor := loginAs(h, "demo.client", "DemoClient#2026")

		type probe struct {
			name         string
			method, path string // path under /xplanapi/
			body         string
		}
		var probes []probe
		for _, target := range []string{
			fmt.Sprintf("entity/client/%d/portfolio", thomas), // portfolio data: Messages access has none
			fmt.Sprintf("entity/client/%d", eleanor),          // another client
			"session/tfa", "session/biometric_permission", "session/biometric_device", "session/transaction",
		} {
			for _, spelling := range []any{
				map[string]any{"_val": target},
				map[string]any{"_type": "Date", "_val": "/resourceful/" + target},
				map[string]any{"_type": "String", "_val": target},
			} {
				probes = append(probes, probe{fmt.Sprintf("typed url %v", spelling), http.MethodPost, "", batchOf(http.MethodGet, spelling)})
			}
			first, rest, _ := strings.Cut(target, "/")
			encoded := first + "/" + strings.ReplaceAll(rest, "/", "%2F")
			probes = append(probes,
				probe{"encoded slash " + encoded, http.MethodGet, encoded, ""},
				probe{"encoded slash, one segment", http.MethodGet, strings.ReplaceAll(target, "/", "%2F"), ""},
				probe{"batch encoded slash " + encoded, http.MethodPost, "", batchOf(http.MethodGet, "/resourceful/"+encoded)},
				probe{"batch encoded climb " + encoded, http.MethodPost, "", batchOf(http.MethodGet, "entity/x%2F..%2F"+encoded)},
			)
		}
		probes = append(probes,
			probe{"open a transaction", http.MethodPost, "session/transaction", "{}"},
			probe{"commit a transaction", http.MethodPost, "session/transaction/abc?_method=commit", "{}"},
			probe{"join a transaction in the query", http.MethodGet, fmt.Sprintf("entity/client-v3/%d?_transaction=abc", thomas), ""},
			probe{"join a transaction in the body", http.MethodPatch, fmt.Sprintf("entity/client-v3/%d", thomas), `{"_transaction":"abc","comm_pref_sms":true}`},
			probe{"batch opens a transaction", http.MethodPost, "", batchOf(http.MethodPost, "session/transaction")},
			probe{"batch item COMMIT", http.MethodPost, "", batchOf("COMMIT", fmt.Sprintf("entity/client-v3/%d", thomas))},
			probe{"batch item joins a transaction", http.MethodPost, "", batchOf(http.MethodGet, fmt.Sprintf("entity/client-v3/%d?_transaction=abc", thomas))},
		)

		// The one encoded slash the BFF forwards: a currency pair (spec 2 §7 security/{pair}/FX),
		// and only in that route's shape.
		portfolio, _ := loginAs(h, "demo.client", "DemoClient#2026")
		if a := h.do(http.MethodGet, "/xplanapi/security/GBP%2FUSD/FX", "", portfolio); a.code != http.StatusOK || a.body["pair"] != "GBPUSD" {
			t.Fatalf("FX pair with an encoded slash: %d %s", a.code, a.raw)
		}
		want(t, "FX pair, Messages access", h.do(http.MethodGet, "/xplanapi/security/GBP%2FUSD/FX", "", messages), http.StatusForbidden, "")
		for _, p := range []string{"security/GBP%2F..%2FFX", "security/GBP%2FUSD%2FFX", "security/GBP/USD/FX", "portfolio/account%2F1"} {
			want(t, p, h.do(http.MethodGet, "/xplanapi/"+p, "", portfolio), http.StatusNotFound, "")
		}

		spy.take() // the logins and the calls above
		for _, p := range probes {
			a := h.do(p.method, "/xplanapi/"+p.path, p.body, messages)
			for _, call := range spy.take() {
				if call.path == "" {
					continue // the batch itself: its items are recorded one by one
				}
				what := fmt.Sprintf("%s: %s %s reached the platform (answer %d %.200s)", p.name, call.method, call.path, a.code, a.raw)
				segments := strings.Split(call.path, "/")
				switch {
				case segments[0] == "session":
					t.Errorf("%s", what)
				case slices.Contains(segments, "portfolio"):
					t.Errorf("%s: portfolio data for Messages access", what)
				case slices.Contains(segments, fmt.Sprint(eleanor)):
					t.Errorf("%s: another client's entity", what)
				case call.query.Has("_transaction") || strings.Contains(call.body, "_transaction") || strings.EqualFold(call.method, "COMMIT"):
					t.Errorf("%s: a platform transaction", what)
				}
			}
		}
	})
}

// Every row of the BFF's table and every platform-only route, through every spelling (direct,
// encoded slash, dot segments, and as batch items: plain, leading slash, /resourceful/, typed
// values, encoded), for a Portfolio, an Assets, a Messages and a NotAssigned client and an
// adviser with a client in context: platform-only routes never reach the platform, a client
// never names another client's entity, Messages and NotAssigned clients get no portfolio data,
// and the legitimate calls still reach the platform.
func TestBFFScreeningEveryRouteAndSpelling(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarnessOn(t, dialect)
		spy := spyOnPlatform(h)
		type who struct {
			name          string
			ck            []*http.Cookie
			entity, user  int64
			other         int64 // a client that is not theirs
			seesPortfolio bool
			client        bool
		}
		login := func(name, username, password string, seesPortfolio, client bool) who {
			a := h.login(username, password)
			user, _ := a.body["user"].(map[string]any)
			if a.code != http.StatusOK || user == nil {
				t.Fatalf("login %s: %d %s", username, a.code, a.raw)
			}
			return who{name: name, ck: sessionCookie(t, a), entity: int64(user["entity_id"].(float64)), user: int64(user["id"].(float64)),
				seesPortfolio: seesPortfolio, client: client}
		}
		eleanor := login("Portfolio client", "demo.client", "DemoClient#2026", true, true)
		priya := login("Assets client", "demo.assets", "DemoAssets#2026", true, true)
		thomas := login("Messages client", "demo.messages", "DemoMessages#2026", false, true)
		oliver := login("adviser", "demo.adviser@client", "DemoAdviser#2026", true, false)
		eleanor.other, priya.other, thomas.other = priya.entity, eleanor.entity, eleanor.entity
		// The adviser acts with Eleanor in context: her entity and login are its {client} and {user}.
		oliver.entity, oliver.other, oliver.user = eleanor.entity, eleanor.entity, eleanor.user
		if a := h.do(http.MethodPut, "/api/client-context", fmt.Sprintf(`{"client_id":%d}`, eleanor.entity), oliver.ck); a.code != http.StatusOK {
			t.Fatalf("adviser opens Eleanor: %d %s", a.code, a.raw)
		}
		notAssigned := thomas
		notAssigned.name = "NotAssigned client"

		fill := func(pattern string, w who, entity int64) string {
			return strings.NewReplacer("{client}", fmt.Sprint(entity), "{user}", fmt.Sprint(w.user), "{id}", "5",
				"{name}", "RET", "{pair}", "GBPUSD").Replace(pattern)
		}
		type target struct {
			method, path string
			route        *bff.Route
			theirs       bool // names a client that is not the caller's
		}
		targetsOf := func(w who) []target {
			var out []target
			for _, r := range bff.Routes() {
				if r.Path == bff.BatchPath {
					continue
				}
				for _, m := range r.Methods {
					out = append(out, target{m, fill(r.Path, w, w.entity), &r, false})
					if w.client && strings.Contains(r.Path, "{client}") {
						out = append(out, target{m, fill(r.Path, w, w.other), &r, true})
					}
				}
			}
			// The BFF answers some of these itself, calling the platform as it needs to (GET session/user,
			// DELETE session, POST session/password ...); nothing else of them is forwarded.
			ownCalls := map[string]bool{"GET session/user": true, "DELETE session": true, "POST session/password": true,
				"POST session/password_reset_questions": true, "POST auth/login": true, "POST auth/password": true,
				"POST auth/tfa/device": true, "POST auth/tfa/validate": true}
			for _, p := range []string{"session/user", "session/tfa", "session/tfa/device", "session/tfa/validate", "session/biometric_device",
				"session/biometric_permission", "session/password", "session/password_reset_questions", "session/transaction",
				"session/transaction/abc", "auth/login", "auth/password", "auth/biometric", "auth/tfa/device", "auth/tfa/validate",
				"sysadmin/users", "session"} {
				for _, m := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
					if !ownCalls[m+" "+p] {
						out = append(out, target{m, p, nil, false})
					}
				}
			}
			return out
		}

		check := func(w who, tg target, spelling string, a answer) (reached int) {
			t.Helper()
			for _, call := range spy.take() {
				if call.path == "" && call.method == http.MethodPost {
					continue // the batch itself: its items are recorded one by one
				}
				what := fmt.Sprintf("%s, %s %s as %s: %s %s reached the platform (%d %.120s)", w.name, tg.method, tg.path, spelling, call.method, call.path, a.code, a.raw)
				segments := strings.Split(call.path, "/")
				escaped := (&url.URL{Path: call.path}).EscapedPath()
				matched, inTable := bff.Match(call.method, strings.TrimPrefix(escaped, "/"))
				switch {
				case segments[0] == "session" && !inTable, segments[0] == "auth":
					t.Errorf("%s: platform-only", what)
				case w.client && len(segments) > 2 && segments[0] == "entity" && segments[2] == fmt.Sprint(w.other):
					t.Errorf("%s: another client's entity", what)
				case !w.seesPortfolio && inTable && matched.Route.PortfolioData:
					t.Errorf("%s: portfolio data", what)
				case call.query.Has("_transaction"):
					t.Errorf("%s: a transaction", what)
				}
				if call.path == tg.path && call.method == tg.method {
					reached++
				}
			}
			return reached
		}

		run := func(w who) {
			for _, tg := range targetsOf(w) {
				may := tg.route != nil && !(w.client && (tg.theirs || tg.route.AdvisersOnly)) && (w.seesPortfolio || !tg.route.PortfolioData)
				// An adviser writes none of its client's data; running a valuation report is a read.
				if may && !w.client && bff.ClientData(*tg.route) && tg.method != http.MethodGet {
					may = tg.route.Path == "xmerge/template-v2/{name}"
				}
				body := ""
				if tg.method != http.MethodGet && tg.method != http.MethodDelete {
					body = "{}"
				}
				// Direct.
				a := h.do(tg.method, "/xplanapi/"+tg.path, body, w.ck)
				if got := check(w, tg, "direct", a); may && got == 0 && !strings.HasSuffix(tg.path, "terms_and_conditions") {
					t.Errorf("%s, %s %s: refused (%d %.120s)", w.name, tg.method, tg.path, a.code, a.raw)
				}
				// Encoded slash and dot segments, direct.
				if first, rest, ok := strings.Cut(tg.path, "/"); ok && !strings.HasPrefix(tg.path, "security/") {
					for _, spelling := range []string{first + "%2F" + rest, first + "/" + strings.ReplaceAll(rest, "/", "%2f"),
						first + "/x/../" + rest, first + "/%2e%2e/" + first + "/" + rest, first + "//" + rest} {
						if spelling == tg.path {
							continue // one segment after the first: nothing to encode
						}
						a := h.do(tg.method, "/xplanapi/"+spelling, body, w.ck)
						if check(w, tg, spelling, a) != 0 {
							t.Errorf("%s, %s %s: forwarded", w.name, tg.method, spelling)
						}
					}
				}
				// As batch items, every spelling at once: each item is judged on its own.
				encoded := strings.Replace(tg.path, "/", "%2F", 1)
				var items []any
				for _, u := range []any{tg.path, "/" + tg.path, "/resourceful/" + tg.path, "resourceful/" + tg.path + "?page_size=5",
					map[string]any{"_val": tg.path}, map[string]any{"_type": "Date", "_val": "/resourceful/" + tg.path}} {
					items = append(items, map[string]any{"method": tg.method, "url": u})
				}
				if encoded != tg.path {
					for _, u := range []any{"/resourceful/" + encoded, map[string]any{"_val": encoded}, "entity/x/../" + tg.path,
						"entity/x/%2e%2e/" + tg.path, "/resourceful//" + tg.path} {
						items = append(items, map[string]any{"method": tg.method, "url": u})
					}
				}
				b, _ := json.Marshal(map[string]any{"batch": items})
				a = h.do(http.MethodPost, "/xplanapi/", string(b), w.ck)
				reached := check(w, tg, "batch", a)
				if a.code != http.StatusOK {
					t.Errorf("%s, batch of %s %s: %d %.200s", w.name, tg.method, tg.path, a.code, a.raw)
				}
				if want := map[bool]int{true: 6, false: 0}[may]; reached != want {
					t.Errorf("%s, batch of %s %s: %d items reached the platform, want %d (%.300s)", w.name, tg.method, tg.path, reached, want, a.raw)
				}
				// A typed value the platform does not know, and a form batch: refused whole.
				for _, bad := range []struct{ ct, body string }{
					{"application/json", batchOf(tg.method, map[string]any{"_type": "String", "_val": tg.path})},
					{"application/x-www-form-urlencoded", "batch.0.method=" + tg.method + "&batch.0.url=" + url.QueryEscape(tg.path)},
				} {
					a := h.do(http.MethodPost, "/xplanapi/", bad.body, w.ck, "Content-Type", bad.ct)
					if check(w, tg, bad.body, a) != 0 || a.code != http.StatusBadRequest {
						t.Errorf("%s, %s: %d %.120s", w.name, bad.body, a.code, a.raw)
					}
				}
			}
		}

		spy.take() // the logins
		for _, w := range []who{eleanor, priya, thomas, oliver} {
			run(w)
		}
		// NotAssigned: the firm's site configuration lists demo.messages's access level nowhere.
		config, err := fs.ReadFile(h.app.WebFiles, "site-config.json")
		if err != nil {
			t.Fatal(err)
		}
		config = bytes.Replace(config, []byte(`"messagesSiteAccess": ["Client Messages"]`), []byte(`"messagesSiteAccess": []`), 1)
		if err := os.WriteFile(filepath.Join(h.app.Config.DataDir, "site-config.json"), config, 0o600); err != nil {
			t.Fatal(err)
		}
		if a := h.do(http.MethodGet, "/xplanapi/entity/client-v3/"+fmt.Sprint(thomas.entity)+"/capability", "", thomas.ck); a.code != http.StatusOK {
			t.Fatalf("NotAssigned, own capabilities: %d %s", a.code, a.raw)
		}
		if a := h.do(http.MethodGet, "/xplanapi/portfolio/account", "", thomas.ck); a.code != http.StatusForbidden {
			t.Fatalf("NotAssigned, accounts: %d %s", a.code, a.raw)
		}
		run(notAssigned)
	})
}
