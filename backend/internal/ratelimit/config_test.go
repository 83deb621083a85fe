package ratelimit

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestParsePoliciesOverridesOnlyTheNamedScopes(t *testing.T) {
	p, err := ParsePolicies(" address=1000/15m/15m , account=3/10m/1h")
	if err != nil {
		t.Fatal(err)
	}
	def := DefaultPolicies()
	want := def[ScopeAddress]
	want.MaxFailures = 1000
	if p[ScopeAddress] != want {
		t.Errorf("address: %+v, want %+v", p[ScopeAddress], want)
	}
	want = def[ScopeAccount]
	want.MaxFailures, want.Window, want.LockFor = 3, 10*time.Minute, time.Hour
	if p[ScopeAccount] != want {
		t.Errorf("account: %+v, want %+v (what a success resets and the text stay)", p[ScopeAccount], want)
	}
	for s, d := range def {
		if s != ScopeAddress && s != ScopeAccount && p[s] != d {
			t.Errorf("%s changed: %+v", s, p[s])
		}
	}
	if len(p) != len(def) {
		t.Errorf("%d policies, want %d", len(p), len(def))
	}
}

func TestParsePoliciesOfNothingIsTheDefaults(t *testing.T) {
	for _, setting := range []string{"", " ", ","} {
		p, err := ParsePolicies(setting)
		if err != nil || len(p) != len(DefaultPolicies()) {
			t.Fatalf("%q: %v, %v", setting, p, err)
		}
		for s, d := range DefaultPolicies() {
			if p[s] != d {
				t.Errorf("%q: %s = %+v", setting, s, p[s])
			}
		}
	}
}

func TestParsePoliciesRefusesBadSettings(t *testing.T) {
	for _, setting := range []string{
		"adress=20/15m/15m",                     // unknown scope
		"address",                               // no numbers
		"address=20/15m",                        // two parts
		"address=20/15m/15m/1m",                 // four parts
		"address=0/15m/15m",                     // no failure allowed
		"address=-1/15m/15m",                    // negative
		"address=many/15m/15m",                  // not a number
		"address=2.5/15m/15m",                   // not whole
		"address=20/15/15m",                     // no unit
		"address=20/0s/15m",                     // empty window
		"address=20/15m/-1m",                    // negative lock
		"address=20/15m/15m,address=30/15m/15m", // twice
	} {
		if p, err := ParsePolicies(setting); err == nil {
			t.Errorf("%q accepted: %+v", setting, p)
		}
	}
}

func TestFormatPoliciesIsReadBack(t *testing.T) {
	if got := FormatPolicies(map[Scope]Policy{ScopeAccount: {MaxFailures: 5, Window: 15 * time.Minute, LockFor: time.Hour}}); got != "account=5/15m/1h" {
		t.Errorf("FormatPolicies = %q", got)
	}
	p, err := ParsePolicies(FormatPolicies(DefaultPolicies()))
	if err != nil {
		t.Fatal(err)
	}
	for s, d := range DefaultPolicies() {
		if p[s] != d {
			t.Errorf("%s: %+v, want %+v", s, p[s], d)
		}
	}
}

// Take counts every admitted attempt, however it ends, and refuses past the limit.
func TestTakeCountsEveryAttempt(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect, nil)
		ctx := context.Background()
		key := ResetRequestKey("Demo.Client ")
		for i := range 5 {
			if err := f.lim.Take(ctx, key); err != nil {
				t.Fatalf("request %d: %v", i+1, err)
			}
		}
		err := f.lim.Take(ctx, ResetRequestKey("demo.client"))
		var e *apierr.Error
		if !errors.As(err, &e) || e.Status != http.StatusTooManyRequests || e.UserMessage != MsgTooManyTries {
			t.Fatalf("sixth request: %v", err)
		}
		f.clk.Advance(15 * time.Minute)
		if err := f.lim.Take(ctx, key); err != nil {
			t.Fatalf("after the lock: %v", err)
		}
	})
}
