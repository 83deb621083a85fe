// Package platformtest helps the platform modules' tests: it logs demo or fixture users into a
// module's engine once each and keeps their session cookies, and it offers a sender that sends
// nothing. Tests only: no production package imports it.
package platformtest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"wealthportal/backend/internal/platform"
)

// NoSender is a notify.Sender that drops every message.
type NoSender struct{}

// Send drops the message.
func (NoSender) Send(context.Context, string, string, string) error { return nil }

// Sessions logs users into a platform engine with Basic authentication on session/user, as the
// BFF does, and remembers each user's session cookie.
type Sessions struct {
	engine   http.Handler
	password string
	appID    string
	cookies  map[string]*http.Cookie
}

// NewSessions logs into engine with password (every fixture user's) as the application appID.
func NewSessions(engine http.Handler, password, appID string) *Sessions {
	return &Sessions{engine: engine, password: password, appID: appID, cookies: map[string]*http.Cookie{}}
}

// Login is user's session cookie, logging in on the first call.
func (s *Sessions) Login(t testing.TB, user string) *http.Cookie {
	t.Helper()
	if c, ok := s.cookies[user]; ok {
		return c
	}
	req := httptest.NewRequest(http.MethodGet, "/resourceful/session/user", nil)
	req.SetBasicAuth(user, s.password)
	req.Header.Set(platform.AppIDHeader, s.appID)
	rec := httptest.NewRecorder()
	s.engine.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("login %s: %d %s", user, rec.Code, rec.Body.String())
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == platform.SessionCookie {
			s.cookies[user] = c
			return c
		}
	}
	t.Fatalf("login %s: no %s cookie", user, platform.SessionCookie)
	return nil
}

// Keep files a cookie under key (a session set up by hand, such as an adviser's with a client in
// context); Cookie answers it.
func (s *Sessions) Keep(key string, c *http.Cookie) { s.cookies[key] = c }

// Cookie is the cookie kept under key, if any.
func (s *Sessions) Cookie(key string) (*http.Cookie, bool) {
	c, ok := s.cookies[key]
	return c, ok
}

// Forget drops user's cookie: the next Login starts a new session.
func (s *Sessions) Forget(user string) { delete(s.cookies, user) }
