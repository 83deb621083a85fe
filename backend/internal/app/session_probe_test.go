package app

import (
	"net/http"
	"strings"
	"testing"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The web app's start-up session check (X-Session-Probe: 1) gets "not signed in" as a 200, so
// an anonymous visit logs no failed request; the spec's call without the header keeps its 401
// (issue 13, deliverable 5). A restricted session (login steps outstanding) and a revoked
// cookie are "not signed in" too; a signed-in probe gets the session user as before.
func TestSessionProbe(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		probe := []string{"X-Session-Probe", "1"}
		anonymous := func(what string, a answer) {
			t.Helper()
			if a.code != http.StatusOK || strings.TrimSpace(a.raw) != `{"authenticated":false}` {
				t.Fatalf("%s: %d %s", what, a.code, a.raw)
			}
		}
		anonymous("no cookie", h.do("GET", "/xplanapi/session/user", "", nil, probe...))
		expect(t, "the spec's call without a session", h.do("GET", "/xplanapi/session/user", "", nil), 401, apierr.NoSessionAPI)
		expect(t, "another header value", h.do("GET", "/xplanapi/session/user", "", nil, "X-Session-Probe", "yes"), 401, apierr.NoSessionAPI)

		ck := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		if a := h.do("GET", "/xplanapi/session/user", "", ck, probe...); a.code != 200 || a.body["display_name"] != "Eleanor Whitfield" {
			t.Fatalf("signed-in probe: %d %s", a.code, a.raw)
		}
		if a := h.do("DELETE", "/xplanapi/session", "", ck); a.code != 204 {
			t.Fatalf("logout: %d %s", a.code, a.raw)
		}
		anonymous("revoked cookie", h.do("GET", "/xplanapi/session/user", "", ck, probe...))
		expect(t, "revoked cookie, the spec's call", h.do("GET", "/xplanapi/session/user", "", ck), 401, apierr.NoSessionAPI)

		steps := sessionCookie(t, h.login("demo.terms", "DemoTerms#2026"))
		anonymous("login steps outstanding", h.do("GET", "/xplanapi/session/user", "", steps, probe...))
		expect(t, "login steps outstanding, the spec's call", h.do("GET", "/xplanapi/session/user", "", steps), 401, apierr.NoSessionAPI)

		// The native app's webview origin may send the header (CORS preflight).
		pre := h.do("OPTIONS", "/xplanapi/session/user", "", nil, "Origin", "capacitor://localhost",
			"Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "x-session-probe")
		if !strings.Contains(pre.header.Get("Access-Control-Allow-Headers"), "X-Session-Probe") {
			t.Errorf("preflight: %d %q", pre.code, pre.header.Get("Access-Control-Allow-Headers"))
		}
	})
}
