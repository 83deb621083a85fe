package app

import (
	"net/http"
	"testing"
)

// session/user and the heartbeat answer a few hundred bytes on every page and every minute:
// they go uncompressed (gzip costs more CPU than it saves there); larger answers are still
// compressed.
func TestSmallAnswersAreNotCompressed(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	cookies := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
	for _, c := range []struct {
		method, path string
		gzip         bool
	}{
		{http.MethodGet, "/xplanapi/session/user", false},
		{http.MethodPost, "/api/session/heartbeat", false},
		{http.MethodGet, "/site-config.json", true},
	} {
		a := h.do(c.method, c.path, "", cookies, "Accept-Encoding", "gzip")
		if a.code != http.StatusOK || (a.header.Get("Content-Encoding") == "gzip") != c.gzip {
			t.Errorf("%s %s: %d, Content-Encoding %q", c.method, c.path, a.code, a.header.Get("Content-Encoding"))
		}
	}
}
