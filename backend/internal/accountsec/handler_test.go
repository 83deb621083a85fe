package accountsec

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
)

type nopPlatform struct{}

func (nopPlatform) Do(context.Context, string, string, string, any, any) error { return nil }

// The account-security calls need the platform client, the session manager and the limiter of
// the user's writes.
func TestNewHandlerRefusesAMissingDependency(t *testing.T) {
	s := &session.Manager{}
	l := &ratelimit.Limiter{}
	if h, err := NewHandler(nil, s, l); err == nil || !strings.Contains(err.Error(), "platform client") || h != nil {
		t.Errorf("no platform: %v, %v", h, err)
	}
	if h, err := NewHandler(nopPlatform{}, nil, l); err == nil || !strings.Contains(err.Error(), "session manager") || h != nil {
		t.Errorf("no sessions: %v, %v", h, err)
	}
	if h, err := NewHandler(nopPlatform{}, s, nil); err == nil || !strings.Contains(err.Error(), "rate limiter") || h != nil {
		t.Errorf("no limiter: %v, %v", h, err)
	}
	if h, err := NewHandler(nopPlatform{}, s, l); err != nil || h.Sessions != s || h.Limiter != l {
		t.Fatalf("all dependencies given: %+v, %v", h, err)
	}
}

// Guesses of the current password are limited: without a limiter the module does not start.
func TestNewModuleRefusesAMissingLimiter(t *testing.T) {
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "portal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if m, err := NewModule(db, time.Now, 4, nil); err == nil || !strings.Contains(err.Error(), "rate limiter") || m != nil {
		t.Fatalf("no limiter: %v, %v", m, err)
	}
	if _, err := NewModule(db, time.Now, 4, &ratelimit.Limiter{}); err != nil {
		t.Fatalf("all dependencies given: %v", err)
	}
}
