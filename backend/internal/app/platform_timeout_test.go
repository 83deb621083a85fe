package app

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/health"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// A remote platform that never answers: the portal gives up after the configured platform
// time-out and answers the user in the platform's error shape, instead of holding the request
// until the server drops the connection; its health check says BAD and readyz names it.
func TestHungRemotePlatformAnswersClearError(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		hungPlatform(t, d)
	})
}

// hungPlatform is TestHungRemotePlatformAnswersClearError with the portal's store on dialect d.
func hungPlatform(t *testing.T, d store.Dialect) {
	stop := make(chan struct{})
	hung := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	t.Cleanup(hung.Close)
	t.Cleanup(func() { close(stop) }) // runs first, so Close does not wait on the hung handlers
	h := newHarness(t, on(d), configured(func(c *config.Config) {
		c.PlatformURL = hung.URL
		c.PlatformTimeout = 100 * time.Millisecond
	}))

	a := h.login("demo.client", "DemoClient#2026")
	if a.code != http.StatusGatewayTimeout || a.body["user_message"] != apierr.InternalUser || a.body["api_message"] == "" {
		t.Fatalf("login to a hung platform: %d %s", a.code, a.raw)
	}
	if b := h.do(http.MethodGet, "/xplanapi/xplan/health", "", nil); b.code != http.StatusOK || b.body["status"] != health.StatusBAD {
		t.Fatalf("health check of a hung platform: %d %s", b.code, b.raw)
	}
	wantReady(t, h, http.StatusServiceUnavailable, map[string]string{"store": "ok", "store_write": "ok", "platform": "timeout"})
}
