package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Five wrong passwords lock the typed username for a while, with the same answer whether or not
// the account exists; the lock lifts by itself.
func TestLoginLockout(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		for _, username := range []string{"demo.assets", "nobody.at.all"} {
			t.Run(username, func(t *testing.T) {
				for i := 1; i <= 5; i++ {
					if a := h.login(username, "wrong-password"); a.code != http.StatusUnauthorized || a.body["api_message"] != apierr.BadCredentials {
						t.Fatalf("attempt %d: %d %s", i, a.code, a.raw)
					}
				}
				locked := h.login(username, "DemoAssets#2026")
				if locked.code != http.StatusTooManyRequests || locked.body["api_message"] != apierr.TooManyAttempts ||
					locked.body["user_message"] != apierr.TooManyAttempts || locked.header.Get("Retry-After") == "" {
					t.Fatalf("sixth attempt: %d %s %v", locked.code, locked.raw, locked.header)
				}
			})
		}
		h.now = h.now.Add(16 * time.Minute)
		if a := h.login("demo.assets", "DemoAssets#2026"); a.code != http.StatusOK {
			t.Fatalf("after the lock: %d %s", a.code, a.raw)
		}
		// A success clears the account's count: four more failures do not lock it again.
		for i := 0; i < 4; i++ {
			h.login("demo.assets", "wrong-password")
		}
		if a := h.login("demo.assets", "DemoAssets#2026"); a.code != http.StatusOK {
			t.Fatalf("after four failures: %d %s", a.code, a.raw)
		}
	})
}

// A client's session ends after its login profile's inactivity timeout, the one the browser is
// told through session/user (login_profile_id, inactive_session_timeout_client).
func TestSessionIdleFollowsLoginProfile(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		if _, err := h.app.DB.Exec(h.app.DB.Rebind(`UPDATE login_profile SET inactive_session_timeout_client = 5`)); err != nil {
			t.Fatal(err)
		}
		a := h.login("demo.client", "DemoClient#2026")
		user := a.body["user"].(map[string]any)
		if user["inactive_session_timeout_client"] != float64(5) || user["login_profile_id"] == nil {
			t.Fatalf("session user does not carry the login profile: %s", a.raw)
		}
		cookies := sessionCookie(t, a)
		h.now = h.now.Add(4 * time.Minute)
		if r := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies); r.code != http.StatusOK {
			t.Fatalf("within the timeout: %d", r.code)
		}
		h.now = h.now.Add(5*time.Minute + time.Second)
		if r := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies); r.code != http.StatusUnauthorized {
			t.Fatalf("after the login profile's timeout: %d", r.code)
		}
	})
}

// Help with logging in counts against the client address's limit, the one logins share: reset
// e-mails sprayed over many usernames from one address are refused after twenty, and so is a
// login from that address; another address is not affected.
func TestHelpCallsLimitedPerAddress(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		for i := 1; i <= 20; i++ {
			body := fmt.Sprintf(`{"user_id":"someone.%d"}`, i)
			if a := h.do(http.MethodPost, "/xplanapi/forgotten_password", body, nil); a.code != http.StatusNoContent {
				t.Fatalf("request %d: %d %s", i, a.code, a.raw)
			}
		}
		refused := h.do(http.MethodPost, "/xplanapi/forgotten_password", `{"user_id":"someone.21"}`, nil)
		if refused.code != http.StatusTooManyRequests || refused.body["api_message"] != apierr.TooManyAttempts {
			t.Fatalf("21st request: %d %s", refused.code, refused.raw)
		}
		if a := h.login("demo.assets", "DemoAssets#2026"); a.code != http.StatusTooManyRequests {
			t.Fatalf("login from the same address: %d %s", a.code, a.raw)
		}
		b, _ := json.Marshal(map[string]string{"username": "demo.assets", "password": "DemoAssets#2026"})
		if a := h.doFrom("198.51.100.7:5000", http.MethodPost, "/xplanapi/auth/login", string(b)); a.code != http.StatusOK {
			t.Fatalf("login from another address: %d %s", a.code, a.raw)
		}
	})
}
