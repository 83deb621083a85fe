package recovery

import (
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/store"
)

// The help calls must not run unlimited: a missing limiter (or platform client) stops start-up.
func TestNewHandlerRefusesAMissingDependency(t *testing.T) {
	p, err := platform.NewRemoteClient("http://127.0.0.1:1", "test", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	l := &ratelimit.Limiter{}
	if h, err := NewHandler(nil, l); err == nil || !strings.Contains(err.Error(), "platform client") || h != nil {
		t.Errorf("no platform: %v, %v", h, err)
	}
	if h, err := NewHandler(p, nil); err == nil || !strings.Contains(err.Error(), "rate limiter") || h != nil {
		t.Errorf("no limiter: %v, %v", h, err)
	}
	if h, err := NewHandler(p, l); err != nil || h.Platform != p || h.Limiter != l {
		t.Fatalf("all dependencies given: %+v, %v", h, err)
	}
}

// The platform's anonymous resources count reset requests, reminders and wrong codes in the
// limiter; without one they do not start.
func TestNewPublicModuleRefusesAMissingLimiter(t *testing.T) {
	// SQLite only: the store is never queried, the constructor only checks its arguments.
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "portal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	m, err := NewPublicModule(db, notify.Unconfigured{}, time.Now, nil, 4, nil, log, "app")
	if err == nil || !strings.Contains(err.Error(), "rate limiter") || m != nil {
		t.Fatalf("no limiter: %v, %v", m, err)
	}
	if _, err := NewPublicModule(db, notify.Unconfigured{}, time.Now, nil, 4, &ratelimit.Limiter{}, log, "app"); err != nil {
		t.Fatalf("all dependencies given: %v", err)
	}
}
