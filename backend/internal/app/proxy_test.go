package app

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

const hsts = "max-age=63072000; includeSubDomains"

// X-Forwarded-Proto is believed only from a trusted proxy: an untrusted peer that claims https
// gets neither the Secure __Host- cookie nor HSTS; through a trusted TLS proxy, or over TLS
// directly, the portal sends both, and the __Host- cookie opens the session.
func TestForwardedProtoOnlyFromTrustedProxies(t *testing.T) {
	t.Parallel()
	const login = `{"username":"demo.client","password":"DemoClient#2026"}`
	cases := []struct {
		name    string
		trusted []string
		tls     bool
		secure  bool
	}{
		{"untrusted peer claims https", nil, false, false},
		{"another proxy is trusted, not this peer", []string{"10.0.0.0/8"}, false, false},
		{"trusted proxy terminates TLS", []string{"192.0.2.1"}, false, true}, // httptest's peer
		{"TLS to the portal itself", nil, true, true},
	}
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				h := newHarness(t, on(d), configured(func(c *config.Config) { c.TrustedProxies = tc.trusted }))
				send := func(method, path, body string, cookies []*http.Cookie) answer {
					req := httptest.NewRequest(method, path, strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("X-Forwarded-Proto", "https")
					if tc.tls {
						req.TLS = &tls.ConnectionState{}
					}
					for _, c := range cookies {
						req.AddCookie(c)
					}
					return h.serve(req)
				}
				a := send(http.MethodPost, "/xplanapi/auth/login", login, nil)
				if a.code != http.StatusOK {
					t.Fatalf("login: %d %s", a.code, a.raw)
				}
				var ck *http.Cookie
				for _, c := range a.cookies {
					if strings.HasSuffix(c.Name, "portal_session") && c.Value != "" {
						ck = c
					}
				}
				if ck == nil {
					t.Fatalf("no session cookie: %v", a.cookies)
				}
				if tc.secure {
					if ck.Name != "__Host-portal_session" || !ck.Secure {
						t.Errorf("over https the cookie is %s (Secure %v), want __Host-portal_session, Secure", ck.Name, ck.Secure)
					}
					if got := a.header.Get("Strict-Transport-Security"); got != hsts {
						t.Errorf("HSTS %q, want %q", got, hsts)
					}
				} else {
					if ck.Name != "portal_session" || ck.Secure {
						t.Errorf("a forged header gave the cookie %s (Secure %v)", ck.Name, ck.Secure)
					}
					if got := a.header.Get("Strict-Transport-Security"); got != "" {
						t.Errorf("HSTS sent on a forged header: %q", got)
					}
				}
				if u := send(http.MethodGet, "/xplanapi/session/user", "", []*http.Cookie{ck}); u.code != http.StatusOK {
					t.Fatalf("the cookie does not open the session: %d %s", u.code, u.raw)
				}
			})
		}
	})
}
