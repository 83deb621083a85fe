package app

import (
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Without a working limiter the portal does not start: it never serves logins unlimited.
func TestNewFailsWhenTheLimiterCannotBeBuilt(t *testing.T) {
	t.Parallel()
	db := testdb.Open(t, store.SQLite) // never queried: the limiter is refused before
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg := testConfig(t)
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
	if _, err := NewPlatformEngine(db, notify.Unconfigured{}, time.Now, rand.Reader, 4, "app", nil, []byte("0123456789abcdef"), log); err == nil || !strings.Contains(err.Error(), "rate limiter") {
		t.Fatalf("platform engine built without a limiter: %v", err)
	}
}

// The configured policies (PORTAL_RATE_LIMITS) are the ones the portal applies.
func TestNewAppliesTheConfiguredLimits(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		policies, err := ratelimit.ParsePolicies("account=2/15m/15m")
		if err != nil {
			t.Fatal(err)
		}
		h := newHarness(t, on(d), configured(func(c *config.Config) { c.RateLimits = policies }))
		for i := 1; i <= 2; i++ {
			if a := h.login("demo.assets", "wrong-password"); a.code != http.StatusUnauthorized {
				t.Fatalf("attempt %d: %d %s", i, a.code, a.raw)
			}
		}
		if a := h.login("demo.assets", "DemoAssets#2026"); a.code != http.StatusTooManyRequests {
			t.Fatalf("third attempt under account=2: %d %s", a.code, a.raw)
		}
	})
}
