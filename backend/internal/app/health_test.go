package app

import (
	"context"
	"net/http"
	"testing"

	"wealthportal/backend/internal/health"
)

// The maintenance switch in the platform's store turns the health check the browser asks
// (no session needed) from OK to BAD and back, in both platform modes.
func TestMaintenanceHealthCheck(t *testing.T) {
	t.Parallel()
	embedded := newHarness(t)
	remote := newRemoteHarness(t)
	for name, h := range map[string]*harness{"embedded": embedded, "remote": remote} {
		t.Run(name, func(t *testing.T) {
			check := func(want string) {
				t.Helper()
				a := h.do(http.MethodGet, "/xplanapi/xplan/health", "", nil)
				if a.code != http.StatusOK || a.body["status"] != want {
					t.Fatalf("health: %d %s, want %s", a.code, a.raw, want)
				}
			}
			check(health.StatusOK)
			db := h.app.DB
			if name == "remote" {
				db = h.platformDB
			}
			if err := health.SetMaintenance(context.Background(), db, true); err != nil {
				t.Fatal(err)
			}
			check(health.StatusBAD)
			if err := health.SetMaintenance(context.Background(), db, false); err != nil {
				t.Fatal(err)
			}
			check(health.StatusOK)
		})
	}
}
