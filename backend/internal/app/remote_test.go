package app

import (
	"net/http"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// In remote mode the BFF logs in to the platform over HTTP, keeps the XPLANID in its own
// session row and never hands it to the browser; logout ends both sessions.
func TestRemotePlatformMode(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect), remotePlatform())
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
		eachPlatformMode(t, dialect, func(t *testing.T, h *harness) {
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
	})
}
