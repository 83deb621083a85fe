package app

import (
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
)

// seededStore is a migrated store with the demo firm.
func seededStore(t *testing.T) *store.DB {
	t.Helper()
	return testkit.SeededDB(t, filepath.Join(t.TempDir(), "portal.db"))
}

func limiterTestConfig(t *testing.T) config.Config {
	cfg := config.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.PasswordHashCost = 4
	return cfg
}

// Without a working limiter the portal does not start: it never serves logins unlimited.
func TestNewFailsWhenTheLimiterCannotBeBuilt(t *testing.T) {
	t.Parallel()
	db := seededStore(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg := limiterTestConfig(t)
	cfg.RateLimits = ratelimit.DefaultPolicies()
	broken := cfg.RateLimits[ratelimit.ScopeAccount]
	broken.MaxFailures = 0
	cfg.RateLimits[ratelimit.ScopeAccount] = broken
	a, err := New(Options{Config: cfg, Log: log, DB: db, WebFiles: testWebFiles(t)})
	if err == nil || !strings.Contains(err.Error(), "rate limiter") || a != nil {
		t.Fatalf("portal started without a limiter: %v", err)
	}
	if _, err := NewPlatformServer(Options{Config: cfg, Log: log, DB: db}); err == nil || !strings.Contains(err.Error(), "rate limiter") {
		t.Fatalf("platform started without a limiter: %v", err)
	}
	if _, err := NewPlatformEngine(db, notify.Unconfigured{}, time.Now, rand.Reader, 4, "app", nil, log); err == nil || !strings.Contains(err.Error(), "rate limiter") {
		t.Fatalf("platform engine built without a limiter: %v", err)
	}
}

// The configured policies (PORTAL_RATE_LIMITS) are the ones the portal applies.
func TestNewAppliesTheConfiguredLimits(t *testing.T) {
	t.Parallel()
	cfg := limiterTestConfig(t)
	var err error
	if cfg.RateLimits, err = ratelimit.ParsePolicies("account=2/15m/15m"); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	h := &harness{t: t, now: now}
	h.app, err = New(Options{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: seededStore(t),
		WebFiles: testWebFiles(t), Now: func() time.Time { return h.now }, Rand: rand.Reader})
	if err != nil {
		t.Fatal(err)
	}
	h.h = h.app.Handler()
	for i := 1; i <= 2; i++ {
		if a := h.login("demo.assets", "wrong-password"); a.code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d %s", i, a.code, a.raw)
		}
	}
	if a := h.login("demo.assets", "DemoAssets#2026"); a.code != http.StatusTooManyRequests {
		t.Fatalf("third attempt under account=2: %d %s", a.code, a.raw)
	}
}
