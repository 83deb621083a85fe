package app

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/session"
)

// touchFails is the session store of a store that reads but cannot write (write-locked or
// read-only): recording activity fails.
type touchFails struct{ session.Store }

func (touchFails) Touch(context.Context, []byte, time.Time, time.Time) error {
	return errors.New("database is locked")
}

// A read is served when the session's activity cannot be written; the session stays valid, and
// its idle time runs from the last activity that was recorded.
func TestReadServedWhenSessionTouchFails(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		cookies := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		loggedIn := h.now
		h.app.Sessions.Store = touchFails{h.app.Sessions.Store}

		h.now = loggedIn.Add(time.Minute) // past the touch interval: this read tries to record activity
		if a := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies); a.code != http.StatusOK {
			t.Fatalf("read with a failing touch: %d %s", a.code, a.raw)
		}
		h.now = loggedIn.Add(h.app.Config.SessionIdleTimeout - time.Second)
		if a := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies); a.code != http.StatusOK {
			t.Fatalf("second read with a failing touch: %d %s", a.code, a.raw)
		}
		// Nothing was recorded after the login, so the session is idle from then.
		h.now = loggedIn.Add(h.app.Config.SessionIdleTimeout + time.Second)
		if a := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies); a.code != http.StatusUnauthorized {
			t.Fatalf("idle past the last recorded activity: %d %s", a.code, a.raw)
		}
	})
}
