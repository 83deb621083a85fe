package main

import (
	"net/http"
	"net/http/cookiejar"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Sessions kept between requests (session.Cache, SQLite) never outlive a logout on another
// instance: with the session just served by both instances, a logout on either is refused by
// the other at its next request, each way round. On PostgreSQL nothing is kept, and the same
// holds.
func TestKeptSessionsEndOnEveryInstanceAtLogout(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		keys := newSessionKeys(t)
		url, dirs := "", [2]string{}
		if d == store.Postgres {
			url = testdb.PostgresURL(t)
			dirs = [2]string{t.TempDir(), t.TempDir()}
		} else {
			shared := t.TempDir()
			dirs = [2]string{shared, shared}
		}
		a := startPortal(t, url, dirs[0], keys)
		if a == nil {
			t.Fatal("instance A did not start")
		}
		b := startPortal(t, url, dirs[1], keys)
		if b == nil {
			t.Fatal("instance B did not start")
		}
		anon := &http.Client{}
		for _, round := range []struct{ name, loginOn, logoutOn, otherOn string }{
			{"logout on B", a.url, b.url, a.url},
			{"logout on A", b.url, a.url, b.url},
		} {
			jar, _ := cookiejar.New(nil)
			browser := &http.Client{Jar: jar}
			if code, body := call(t, browser, http.MethodPost, round.loginOn+"/xplanapi/auth/login", loginBody("demo.client", "DemoClient#2026"), nil); code != http.StatusOK {
				t.Fatalf("%s: login: %d %s", round.name, code, body)
			}
			var cookies []*http.Cookie
			for _, c := range jar.Cookies(mustParse(t, round.loginOn)) {
				if c.Name == "portal_session" {
					cookies = append(cookies, c)
				}
			}
			// Served twice by each instance: the second answer comes from what each kept.
			for range 2 {
				for _, p := range []string{a.url, b.url} {
					if code, body := call(t, anon, http.MethodGet, p+"/xplanapi/session/user", "", cookies); code != http.StatusOK {
						t.Fatalf("%s: session/user before the logout: %d %s", round.name, code, body)
					}
				}
			}
			if code, body := call(t, anon, http.MethodDelete, round.logoutOn+"/xplanapi/session", "", cookies); code != http.StatusNoContent {
				t.Fatalf("%s: logout: %d %s", round.name, code, body)
			}
			if code, body := call(t, anon, http.MethodGet, round.otherOn+"/xplanapi/session/user", "", cookies); code != http.StatusUnauthorized {
				t.Fatalf("%s: the other instance still serves the session: %d %s", round.name, code, body)
			}
		}
	})
}
