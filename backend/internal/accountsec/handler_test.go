package accountsec

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
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

// noHook stands for the biometric package's revocation where a test does not withdraw a
// permission.
func noHook(context.Context, int64) error { return nil }

// Guesses of the current password are limited, and a withdrawn biometric permission must reach
// the devices: without the limiter or the hook the module does not start.
func TestNewModuleRefusesAMissingDependency(t *testing.T) {
	db := testdb.Open(t, store.SQLite) // never queried: the constructor only checks its arguments
	if m, err := NewModule(db, time.Now, 4, nil, noHook); err == nil || !strings.Contains(err.Error(), "rate limiter") || m != nil {
		t.Fatalf("no limiter: %v, %v", m, err)
	}
	if m, err := NewModule(db, time.Now, 4, &ratelimit.Limiter{}, nil); err == nil || !strings.Contains(err.Error(), "permission withdrawn") || m != nil {
		t.Fatalf("no permission-withdrawn hook: %v, %v", m, err)
	}
	if _, err := NewModule(db, time.Now, 4, &ratelimit.Limiter{}, noHook); err != nil {
		t.Fatalf("all dependencies given: %v", err)
	}
}

// Setting the permission to 0 runs the hook for the caller's login (the biometric package
// revokes its devices there); setting it to 1 does not, and a failing hook fails the call.
func TestSetBiometricPermissionRunsTheWithdrawnHook(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		secStore(t, db)
		var withdrawn []int64
		fail := false
		hook := func(_ context.Context, userID int64) error {
			withdrawn = append(withdrawn, userID)
			if fail {
				return errors.New("revoke failed")
			}
			return nil
		}
		m, err := NewModule(db, func() time.Time { return secT0 }, 4, &ratelimit.Limiter{}, hook)
		if err != nil {
			t.Fatal(err)
		}
		ctx, me := context.Background(), access.Principal{UserID: 1}
		for _, v := range []int{1, 0} {
			if got, err := m.Service.SetBiometricPermission(ctx, me, Permission{Permission: &v}); err != nil || got != v {
				t.Fatalf("permission %d: %d %v", v, got, err)
			}
		}
		if len(withdrawn) != 1 || withdrawn[0] != 1 {
			t.Fatalf("hook ran for %v, want once for login 1", withdrawn)
		}
		fail = true
		zero := 0
		if _, err := m.Service.SetBiometricPermission(ctx, me, Permission{Permission: &zero}); err == nil {
			t.Fatal("a failed revocation was answered as a success")
		}
	})
}
