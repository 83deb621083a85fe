package app

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
	"wealthportal/backend/internal/testkit/testdb"
)

type answer struct {
	code    int
	body    map[string]any
	raw     string
	cookies []*http.Cookie
	header  http.Header
}

// testWebFiles is a built web app of the tests: a page, and the site configuration the portal
// ships (web/public/site-config.json), whose site-access lists the BFF applies.
func testWebFiles(t *testing.T) fstest.MapFS {
	t.Helper()
	config, err := os.ReadFile(filepath.Join("..", "..", "..", "web", "public", "site-config.json"))
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{"index.html": {Data: []byte(`<html lang="en-GB"></html>`)}, "site-config.json": {Data: config}}
}

func (h *harness) do(method, path, body string, cookies []*http.Cookie, headers ...string) answer {
	h.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return h.serve(req)
}

func (h *harness) serve(req *http.Request) answer {
	rec := httptest.NewRecorder()
	h.h.ServeHTTP(rec, req)
	a := answer{code: rec.Code, raw: rec.Body.String(), cookies: rec.Result().Cookies(), header: rec.Header()}
	_ = json.Unmarshal(rec.Body.Bytes(), &a.body)
	return a
}

// doFrom is do from another client address (httptest's default is 192.0.2.1).
func (h *harness) doFrom(addr, method, path, body string) answer {
	h.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.RemoteAddr = addr
	req.Header.Set("Content-Type", "application/json")
	return h.serve(req)
}

func (h *harness) login(username, password string) answer {
	h.t.Helper()
	b, _ := json.Marshal(map[string]string{"username": username, "password": password})
	return h.do(http.MethodPost, "/xplanapi/auth/login", string(b), nil)
}

func sessionCookie(t *testing.T, a answer) []*http.Cookie {
	t.Helper()
	for _, c := range a.cookies {
		if c.Name == "portal_session" && c.Value != "" {
			if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" {
				t.Fatalf("weak session cookie: %+v", c)
			}
			return []*http.Cookie{c}
		}
	}
	t.Fatalf("no session cookie in %d %s", a.code, a.raw)
	return nil
}

func TestLoginScenarios(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		cases := []struct {
			name, user, pass string
			code             int
			status, role     string
			apiMessage       string
		}{
			{"client", "demo.client", "DemoClient#2026", 200, "LoginSuccess", "ClientUser", ""},
			{"client with spaces around the username", "  demo.assets ", "DemoAssets#2026", 200, "LoginSuccess", "ClientUser", ""},
			{"adviser with suffix", "demo.adviser@client", "DemoAdviser#2026", 200, "LoginSuccess", "User", ""},
			{"adviser without suffix is not found", "demo.adviser", "DemoAdviser#2026", 401, "", "", apierr.BadCredentials},
			{"wrong password", "demo.client", "nope", 401, "", "", apierr.BadCredentials},
			{"unknown user", "who.is.this", "DemoClient#2026", 401, "", "", apierr.BadCredentials},
			{"empty password", "demo.client", "", 400, "", "", "Username and password are required"},
			{"second factor needed", "demo.mfa", "DemoMfa#2026", 200, "MfaRequired", "", ""},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				a := h.login(tc.user, tc.pass)
				if a.code != tc.code {
					t.Fatalf("code %d, want %d: %s", a.code, tc.code, a.raw)
				}
				if tc.apiMessage != "" && a.body["api_message"] != tc.apiMessage {
					t.Fatalf("api_message %v", a.body["api_message"])
				}
				if tc.status != "" && a.body["loginStatus"] != tc.status {
					t.Fatalf("loginStatus %v", a.body["loginStatus"])
				}
				if tc.role != "" {
					user := a.body["user"].(map[string]any)
					if user["role_name"] != tc.role {
						t.Fatalf("role %v", user["role_name"])
					}
					sessionCookie(t, a)
				} else {
					for _, c := range a.cookies {
						if c.Name == "portal_session" {
							t.Fatal("session cookie set without a completed login")
						}
					}
				}
			})
		}
	})
}

func TestSessionUserAndLogout(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		if a := h.do("GET", "/xplanapi/session/user", "", nil); a.code != 401 || a.body["api_message"] != apierr.NoSessionAPI {
			t.Fatalf("anonymous session/user: %d %s", a.code, a.raw)
		}
		ck := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		a := h.do("GET", "/xplanapi/session/user", "", ck)
		if a.code != 200 || a.body["display_name"] != "Eleanor Whitfield" || a.body["partners_display_name"] != "James Whitfield" {
			t.Fatalf("session/user: %d %s", a.code, a.raw)
		}
		if al := a.body["client_access_level"].(map[string]any); al["description"] != "Client Portfolio" {
			t.Fatalf("access level: %v", al)
		}
		if a.header.Get("Cache-Control") != "no-store" {
			t.Errorf("API answer cacheable: %q", a.header.Get("Cache-Control"))
		}
		if a := h.do("DELETE", "/xplanapi/session", "", ck); a.code != 204 {
			t.Fatalf("logout: %d %s", a.code, a.raw)
		}
		// The old cookie is dead even though the browser could still send it.
		if a := h.do("GET", "/xplanapi/session/user", "", ck); a.code != 401 {
			t.Fatalf("revoked cookie still works: %d %s", a.code, a.raw)
		}
	})
}

func TestSecondFactorLogin(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		if a := h.login("demo.mfa", "DemoMfa#2026"); a.body["loginStatus"] != "MfaRequired" {
			t.Fatalf("%s", a.raw)
		}
		msgs, err := h.app.Outbox.Latest(context.Background(), "+447700900123", 1)
		if err != nil || len(msgs) != 1 {
			t.Fatalf("outbox: %v %v", msgs, err)
		}
		code := regexp.MustCompile(`\d{6}`).FindString(msgs[0].Body)
		if a := h.do("POST", "/xplanapi/auth/tfa/validate", `{"username":"demo.mfa","password":"DemoMfa#2026","method":"sms","code":"12345x"}`, nil); a.code != 400 {
			t.Fatalf("malformed code: %d %s", a.code, a.raw)
		}
		wrong := "000000"
		if code == wrong {
			wrong = "999999"
		}
		bad := h.do("POST", "/xplanapi/auth/tfa/validate", `{"username":"demo.mfa","password":"DemoMfa#2026","method":"sms","code":"`+wrong+`","loginOnSuccess":true}`, nil)
		if bad.code != 401 || bad.body["user_message"] != apierr.BadOTPUser {
			t.Fatalf("bad code: %d %s", bad.code, bad.raw)
		}
		// The bad attempt sent a fresh code; the first one is retired.
		msgs, _ = h.app.Outbox.Latest(context.Background(), "+447700900123", 1)
		fresh := regexp.MustCompile(`\d{6}`).FindString(msgs[0].Body)
		if code != fresh {
			if a := h.do("POST", "/xplanapi/auth/tfa/validate", `{"username":"demo.mfa","password":"DemoMfa#2026","method":"sms","code":"`+code+`"}`, nil); a.code != 401 {
				t.Fatalf("retired code accepted: %s", a.raw)
			}
			msgs, _ = h.app.Outbox.Latest(context.Background(), "+447700900123", 1)
			fresh = regexp.MustCompile(`\d{6}`).FindString(msgs[0].Body)
		}
		a := h.do("POST", "/xplanapi/auth/tfa/validate", `{"username":"demo.mfa","password":"DemoMfa#2026","method":"sms","code":"`+fresh+`","loginOnSuccess":true}`, nil)
		if a.code != 200 || a.body["loginStatus"] != "LoginSuccess" {
			t.Fatalf("good code: %d %s", a.code, a.raw)
		}
		sessionCookie(t, a)
	})
}

func TestSessionExpiryFixationAndTampering(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		first := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))

		// Logging in again from the same browser replaces the session id and kills the old one.
		b := `{"username":"demo.client","password":"DemoClient#2026"}`
		again := h.do("POST", "/xplanapi/auth/login", b, first)
		second := sessionCookie(t, again)
		if second[0].Value == first[0].Value {
			t.Fatal("session id reused across logins")
		}
		if a := h.do("GET", "/xplanapi/session/user", "", first); a.code != 401 {
			t.Fatalf("pre-login session survived: %d", a.code)
		}

		// Activity keeps the session alive; idleness beyond the timeout ends it.
		h.now = h.now.Add(20 * time.Minute)
		if a := h.do("GET", "/xplanapi/session/user", "", second); a.code != 200 {
			t.Fatalf("active session ended: %d", a.code)
		}
		h.now = h.now.Add(29 * time.Minute)
		if a := h.do("GET", "/xplanapi/session/user", "", second); a.code != 200 {
			t.Fatalf("session ended before the idle timeout: %d", a.code)
		}
		h.now = h.now.Add(31 * time.Minute)
		if a := h.do("GET", "/xplanapi/session/user", "", second); a.code != 401 {
			t.Fatalf("idle session still alive: %d", a.code)
		}

		// A tampered cookie is no session.
		third := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		forged := []*http.Cookie{{Name: third[0].Name, Value: third[0].Value[:len(third[0].Value)-4] + "AAAA"}}
		if a := h.do("GET", "/xplanapi/session/user", "", forged); a.code != 401 {
			t.Fatalf("forged cookie accepted: %d", a.code)
		}
	})
}

func TestAbsoluteLifetime(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		ck := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		for i := 0; i < 25; i++ { // keep it busy every 29 minutes for 12 hours
			h.now = h.now.Add(29 * time.Minute)
			h.do("GET", "/xplanapi/session/user", "", ck)
		}
		if a := h.do("GET", "/xplanapi/session/user", "", ck); a.code != 401 {
			t.Fatalf("session outlived its absolute lifetime: %d", a.code)
		}
	})
}

func TestDisabledAccountEndsSession(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		ck := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		if _, err := h.app.DB.Exec(h.app.DB.Rebind(`UPDATE app_user SET disabled = 1 WHERE username = 'demo.client'`)); err != nil {
			t.Fatal(err)
		}
		if a := h.do("GET", "/xplanapi/session/user", "", ck); a.code != 401 {
			t.Fatalf("disabled account still in session: %d", a.code)
		}
		if a := h.login("demo.client", "DemoClient#2026"); a.code != 403 || a.body["api_message"] != apierr.AccountDisabled {
			t.Fatalf("disabled login: %d %s", a.code, a.raw)
		}
	})
}

func TestCrossSiteWritesRefused(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		b := `{"username":"demo.client","password":"DemoClient#2026"}`
		if a := h.do("POST", "/xplanapi/auth/login", b, nil, "Sec-Fetch-Site", "cross-site"); a.code != http.StatusForbidden {
			t.Fatalf("cross-site login answered %d", a.code)
		}
		if a := h.do("POST", "/xplanapi/auth/login", b, nil, "Sec-Fetch-Site", "same-origin"); a.code != 200 {
			t.Fatalf("same-origin login answered %d", a.code)
		}
	})
}

func TestHeadersHealthAndFallback(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		a := h.do("GET", "/clients/home", "", nil)
		if a.code != 200 || !strings.Contains(a.raw, `data-mobile-app-mode="False"`) {
			t.Fatalf("fallback: %d %s", a.code, a.raw)
		}
		for k, want := range map[string]string{
			"Content-Security-Policy": ContentSecurityPolicy, "X-Content-Type-Options": "nosniff",
			"X-Frame-Options": "DENY", "Referrer-Policy": "strict-origin-when-cross-origin",
		} {
			if got := a.header.Get(k); got != want {
				t.Errorf("%s = %q", k, got)
			}
		}
		if a.header.Get("X-Request-Id") == "" {
			t.Error("no request id")
		}
		for _, p := range []string{"/healthz", "/readyz"} {
			if a := h.do("GET", p, "", nil); a.code != 200 || a.body["status"] != "ok" {
				t.Errorf("%s: %d %s", p, a.code, a.raw)
			}
		}
		if a := h.do("GET", "/resourceful/session/user", "", nil); a.code != 404 {
			t.Errorf("platform reachable on the public listener: %d", a.code)
		}
		if a := h.do("GET", "/healthz", "", nil, "Accept-Encoding", "gzip"); a.header.Get("Content-Encoding") != "gzip" {
			t.Errorf("not compressed: %v", a.header)
		}
	})
}

// The native shell's webview origins pass the CSRF check and get CORS answers with
// credentials; another site's origin gets neither.
func TestAppOriginsOnly(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		b := `{"username":"demo.client","password":"DemoClient#2026"}`
		for _, origin := range []string{"capacitor://localhost", "https://localhost"} {
			a := h.do("POST", "/xplanapi/auth/login", b, nil, "Origin", origin, "Sec-Fetch-Site", "cross-site")
			if a.code != http.StatusOK || a.header.Get("Access-Control-Allow-Origin") != origin || a.header.Get("Access-Control-Allow-Credentials") != "true" {
				t.Fatalf("%s: %d %v", origin, a.code, a.header)
			}
		}
		a := h.do("POST", "/xplanapi/auth/login", b, nil, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site")
		if a.code != http.StatusForbidden || a.header.Get("Access-Control-Allow-Origin") != "" {
			t.Fatalf("another site: %d %v", a.code, a.header)
		}
	})
}

// TestMain removes the demo store the tests copy (testkit.SeededDB) once they have run.
func TestMain(m *testing.M) { testkit.Main(m) }
