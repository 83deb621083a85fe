package app

import (
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
	"wealthportal/backend/internal/testkit/testdb"
)

// newRemoteHarness is a portal in remote mode: the platform is a real HTTP server over its own
// seeded store (what `portal platform` serves), and the portal's own store holds no users.
func newRemoteHarness(t *testing.T) *harness {
	t.Helper()
	return newRemoteHarnessOn(t, store.SQLite, nil)
}

// newRemoteHarnessBehind is newRemoteHarness with the platform server's handler wrapped by
// wrap (nil for none), to play a firm's own platform that answers differently.
func newRemoteHarnessBehind(t *testing.T, wrap func(http.Handler) http.Handler) *harness {
	t.Helper()
	return newRemoteHarnessOn(t, store.SQLite, wrap)
}

// newRemoteHarnessOn is newRemoteHarnessBehind with both stores on dialect d: the platform's
// seeded (testkit.SeededDBOn), the portal's freshly migrated (testdb.Open).
func newRemoteHarnessOn(t *testing.T, d store.Dialect, wrap func(http.Handler) http.Handler) *harness {
	t.Helper()
	platformDB, portalDB := testkit.SeededDBOn(t, d), testdb.Open(t, d)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg := config.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.PasswordHashCost = 4
	platformHandler, err := NewPlatformServer(Options{Config: cfg, Log: log, DB: platformDB})
	if err != nil {
		t.Fatal(err)
	}
	if wrap != nil {
		platformHandler = wrap(platformHandler)
	}
	srv := httptest.NewServer(platformHandler)
	t.Cleanup(srv.Close)

	cfg.PlatformURL = srv.URL
	h := &harness{t: t, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	h.platformDB = platformDB
	h.app, err = New(Options{
		Config: cfg, Log: log, DB: portalDB,
		WebFiles: testWebFiles(t),
		Now:      func() time.Time { return h.now }, Rand: rand.Reader,
	})
	if err != nil {
		t.Fatal(err)
	}
	h.h = h.app.Handler()
	return h
}

// In remote mode the BFF logs in to the platform over HTTP, keeps the XPLANID in its own
// session row and never hands it to the browser; logout ends both sessions.
func TestRemotePlatformMode(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newRemoteHarnessOn(t, dialect, nil)
		a := h.login("demo.client", "DemoClient#2026")
		if a.code != http.StatusOK || a.body["loginStatus"] != "LoginSuccess" {
			t.Fatalf("login: %d %s", a.code, a.raw)
		}
		for _, c := range a.cookies {
			if c.Name == "XPLANID" {
				t.Fatal("the platform session cookie reached the browser")
			}
		}
		cookies := sessionCookie(t, a)
		var platformToken string
		if err := h.app.DB.QueryRow(`SELECT platform_session FROM bff_session WHERE revoked_at IS NULL`).Scan(&platformToken); err != nil || platformToken == "" {
			t.Fatalf("no platform session kept server-side: %v", err)
		}

		user := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies)
		if user.code != http.StatusOK || user.body["display_name"] != "Eleanor Whitfield" {
			t.Fatalf("session/user: %d %s", user.code, user.raw)
		}
		// A call the BFF only forwards comes back with the platform's JSON error shape.
		fwd := h.do(http.MethodGet, "/xplanapi/entity/client/999999", "", cookies)
		if fwd.code != http.StatusNotFound || fwd.body["api_message"] != "Resource Not Found" {
			t.Fatalf("forwarded call: %d %s", fwd.code, fwd.raw)
		}

		if out := h.do(http.MethodDelete, "/xplanapi/session", "", cookies); out.code != http.StatusNoContent {
			t.Fatalf("logout: %d %s", out.code, out.raw)
		}
		if again := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies); again.code != http.StatusUnauthorized {
			t.Fatalf("old cookie still works: %d", again.code)
		}
		// The platform session was ended too: its token no longer opens the platform.
		if code, _ := platformGet(t, h.app.Platform, platformToken, "session/user"); code != http.StatusUnauthorized {
			t.Fatalf("platform token still valid after logout: %d", code)
		}
	})
}

// The heartbeat keeps a session alive past its idle timeout and answers who is signed in;
// without a live session it is the lost-session 401.
func TestHeartbeat(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		for name, h := range map[string]*harness{"embedded": newHarnessOn(t, dialect), "remote": newRemoteHarnessOn(t, dialect, nil)} {
			t.Run(name, func(t *testing.T) {
				cookies := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
				idle := h.app.Config.SessionIdleTimeout
				for i := 0; i < 3; i++ { // three idle periods, each cut short by a heartbeat
					h.now = h.now.Add(idle - time.Minute)
					beat := h.do(http.MethodPost, "/api/session/heartbeat", "", cookies)
					if beat.code != http.StatusOK || beat.body["role_name"] != "ClientUser" || beat.body["entity_id"] == nil {
						t.Fatalf("heartbeat %d: %d %s", i, beat.code, beat.raw)
					}
				}
				h.now = h.now.Add(idle + time.Minute)
				if late := h.do(http.MethodPost, "/api/session/heartbeat", "", cookies); late.code != http.StatusUnauthorized ||
					late.body["api_message"] != "This feature is not available without a valid session" {
					t.Fatalf("heartbeat after the idle timeout: %d %s", late.code, late.raw)
				}
			})
		}
	})
}
