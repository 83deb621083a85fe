package app

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"wealthportal/backend/internal/health"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// readyChecks asks /readyz and returns its status code and checks.
func readyChecks(t *testing.T, h *harness) (int, map[string]any) {
	t.Helper()
	a := h.do(http.MethodGet, "/readyz", "", nil)
	checks, _ := a.body["checks"].(map[string]any)
	if checks == nil {
		t.Fatalf("readyz names no checks: %d %s", a.code, a.raw)
	}
	want := "ok"
	if a.code != http.StatusOK {
		want = "unavailable"
	}
	if a.body["status"] != want {
		t.Fatalf("readyz status %v with code %d", a.body["status"], a.code)
	}
	return a.code, checks
}

func wantReady(t *testing.T, h *harness, code int, checks map[string]string) {
	t.Helper()
	gotCode, got := readyChecks(t, h)
	if gotCode != code {
		t.Errorf("readyz %d, want %d (%v)", gotCode, code, got)
	}
	for k, v := range checks {
		if got[k] != v {
			t.Errorf("readyz %s = %v, want %s (%v)", k, got[k], v, got)
		}
	}
}

var allReady = map[string]string{"store": "ok", "store_write": "ok", "platform": "ok"}

// A healthy portal is ready, in both platform modes, says which checks it made and names the
// database behind the store (its dialect: no host, file or credential), so an operator running
// several instances sees which store each one uses.
func TestReadyzAllOK(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		eachPlatformMode(t, d, func(t *testing.T, h *harness) {
			wantReady(t, h, http.StatusOK, allReady)
			if a := h.do(http.MethodGet, "/readyz", "", nil); a.body["database"] != string(d) {
				t.Errorf("readyz names the database %v, want %s", a.body["database"], d)
			}
		})
	})
}

// A write lock held by someone else makes readyz report the store write-locked (after a short
// wait, not the store's long busy time-out), while reads still answer; released, it is ready.
func TestReadyzStoreWriteLocked(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(d))
		wantReady(t, h, http.StatusOK, allReady) // writes the row the check updates
		// SQLite's transaction takes the write lock at BEGIN (IMMEDIATE); PostgreSQL's row lock
		// needs the row the check writes.
		tx, err := h.app.DB.BeginTx(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		if _, err := tx.Exec(`UPDATE meta SET value = '2' WHERE key = 'readiness_probe'`); err != nil {
			t.Fatal(err)
		}
		wantReady(t, h, http.StatusServiceUnavailable, map[string]string{"store": "ok", "store_write": "write-locked", "platform": "ok"})
		if err := tx.Rollback(); err != nil {
			t.Fatal(err)
		}
		wantReady(t, h, http.StatusOK, allReady)
	})
}

// A remote platform that cannot be reached makes the portal unready; one under maintenance
// does not (the portal must keep serving the maintenance page).
func TestReadyzPlatform(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(d), remotePlatform())
		if err := health.SetMaintenance(context.Background(), h.platformDB, true); err != nil {
			t.Fatal(err)
		}
		wantReady(t, h, http.StatusOK, map[string]string{"store": "ok", "store_write": "ok", "platform": "maintenance"})

		gone := httptest.NewServer(http.NotFoundHandler())
		gone.Close()
		h.app.Platform.(*platform.Client).BaseURL = gone.URL
		wantReady(t, h, http.StatusServiceUnavailable, map[string]string{"store": "ok", "store_write": "ok", "platform": "unreachable"})
	})
}
