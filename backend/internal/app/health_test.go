package app

import (
	"context"
	"net/http"
	"testing"

	"wealthportal/backend/internal/health"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The maintenance switch in the platform's store turns the health check the browser asks
// (no session needed) from OK to BAD and back, in both platform modes.
func TestMaintenanceHealthCheck(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		eachPlatformMode(t, d, func(t *testing.T, h *harness) {
			check := func(want string) {
				t.Helper()
				a := h.do(http.MethodGet, "/xplanapi/xplan/health", "", nil)
				if a.code != http.StatusOK || a.body["status"] != want {
					t.Fatalf("health: %d %s, want %s", a.code, a.raw, want)
				}
			}
			check(health.StatusOK)
			if err := health.SetMaintenance(context.Background(), h.platformDB, true); err != nil {
				t.Fatal(err)
			}
			check(health.StatusBAD)
			if err := health.SetMaintenance(context.Background(), h.platformDB, false); err != nil {
				t.Fatal(err)
			}
			check(health.StatusOK)
		})
	})
}
