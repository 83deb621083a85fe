package config

import (
	"io"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/ratelimit"
)

func TestRateLimitsDefaultToTheLimiterDefaults(t *testing.T) {
	c, err := Load(nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	def := ratelimit.DefaultPolicies()
	if len(c.RateLimits) != len(def) {
		t.Fatalf("%d policies, want %d", len(c.RateLimits), len(def))
	}
	for s, p := range def {
		if c.RateLimits[s] != p {
			t.Errorf("%s: %+v, want %+v", s, c.RateLimits[s], p)
		}
	}
	if d := Defaults().RateLimits[ratelimit.ScopeAccount]; d != def[ratelimit.ScopeAccount] {
		t.Errorf("Defaults(): %+v", d)
	}
}

func TestRateLimitsFromEnvThenFlag(t *testing.T) {
	c, err := Load(nil, env(map[string]string{"PORTAL_RATE_LIMITS": "address=1000/15m/15m"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.RateLimits[ratelimit.ScopeAddress]; got.MaxFailures != 1000 || got.Window != 15*time.Minute || got.LockFor != 15*time.Minute {
		t.Errorf("address from env: %+v", got)
	}
	if got := c.RateLimits[ratelimit.ScopeAccount]; got != ratelimit.DefaultPolicies()[ratelimit.ScopeAccount] {
		t.Errorf("account must keep its default: %+v", got)
	}
	c, err = Load([]string{"--rate-limits", "account=3/5m/1h"}, env(map[string]string{"PORTAL_RATE_LIMITS": "address=1000/15m/15m"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.RateLimits[ratelimit.ScopeAccount]; got.MaxFailures != 3 || got.Window != 5*time.Minute || got.LockFor != time.Hour {
		t.Errorf("account from the flag: %+v", got)
	}
	if got := c.RateLimits[ratelimit.ScopeAddress]; got.MaxFailures != 20 {
		t.Errorf("the flag replaces the whole setting: address %+v", got)
	}
}

func TestBadRateLimitsStopStartUp(t *testing.T) {
	for _, v := range []string{"adress=1000/15m/15m", "address=0/15m/15m", "address=lots/15m/15m", "address=20/soon/15m", "address=20/15m"} {
		if _, err := Load(nil, env(map[string]string{"PORTAL_RATE_LIMITS": v}), io.Discard); err == nil || !strings.Contains(err.Error(), "PORTAL_RATE_LIMITS") {
			t.Errorf("env %q: %v", v, err)
		}
		if _, err := Load([]string{"--rate-limits=" + v}, env(nil), io.Discard); err == nil {
			t.Errorf("flag %q accepted", v)
		}
	}
}
