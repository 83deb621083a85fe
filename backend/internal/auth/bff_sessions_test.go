package auth

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// countingStore counts the platform's look-ups of a session in the store.
type countingStore struct {
	Store
	lookups *int
}

func (s countingStore) UserBySession(ctx context.Context, h []byte, now time.Time) (User, error) {
	*s.lookups++
	return s.Store.UserBySession(ctx, h, now)
}

func (s countingStore) SessionProfile(ctx context.Context, h []byte, now time.Time) (User, Entity, Profile, error) {
	*s.lookups++
	return s.Store.SessionProfile(ctx, h, now)
}

// bffRow is a live BFF session row of ada over platform session token, at f.now.
func bffRow(f *fixture, token string) session.Row {
	return session.Row{UserID: 1, RoleName: RoleClient, EntityID: 10, PlatformSession: token,
		CreatedAt: f.now, LastSeenAt: f.now, IdleExpiresAt: f.now.Add(15 * time.Minute), ExpiresAt: f.now.Add(12 * time.Hour)}
}

// startPlatformSession is a new platform session of login id.
func startPlatformSession(t *testing.T, f *fixture, id int64) string {
	t.Helper()
	u, err := f.svc.Store.UserByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	token, err := f.svc.StartSession(context.Background(), u, "app")
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// In embedded mode a BFF session is read with its platform session's login, party and login
// profile in one query; that read answers the platform's first look-up of the session in the
// same request (session/user, a forwarded call's authentication) exactly as the store would,
// and only the first: a second look-up reads the store again.
func TestBFFSessionReadWithItsPlatformLogin(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		f := newFixture(t, d)
		ctx := context.Background()
		testdb.MustExec(t, f.db, `INSERT INTO login_profile (id, firm_id, name, inactive_session_timeout_client, inactive_session_timeout) VALUES (5, 1, 'Standard', 20, 20)`)
		syncIDs(t, f.db)
		token := startPlatformSession(t, f, 1)
		sessions := NewBFFSessions(f.db)
		if err := sessions.Create(ctx, []byte("bff-1"), bffRow(f, token)); err != nil {
			t.Fatal(err)
		}
		want, err := f.svc.SessionUserForToken(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		wantUser, err := f.svc.UserForToken(ctx, token)
		if err != nil {
			t.Fatal(err)
		}

		lookups := 0
		f.svc.Store = countingStore{f.svc.Store, &lookups}
		for _, call := range []string{"session/user", "authenticate"} {
			row, err := sessions.Get(ctx, []byte("bff-1"), f.now)
			if err != nil || row.Platform == nil {
				t.Fatalf("%s: the row was not read with its platform session: %v", call, err)
			}
			if row.PlatformSession != token || row.UserID != 1 || !row.ExpiresAt.Equal(f.now.Add(12*time.Hour)) {
				t.Fatalf("%s: row %+v", call, row)
			}
			reqCtx := session.NewContext(ctx, &session.Session{Row: row})
			switch call {
			case "session/user":
				got, err := f.svc.SessionUserForToken(reqCtx, token)
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("session/user from the row: %+v %v\nwant %+v", got, err, want)
				}
				if got.LoginProfileID == nil || *got.LoginProfileID != 5 || got.InactiveSessionTimeoutClient != 20 {
					t.Fatalf("login profile: %+v", got)
				}
			case "authenticate":
				got, err := f.svc.UserForToken(reqCtx, token)
				if err != nil || !reflect.DeepEqual(got, wantUser) {
					t.Fatalf("user from the row: %+v %v\nwant %+v", got, err, wantUser)
				}
			}
			if lookups != 0 {
				t.Fatalf("%s: %d store look-ups beside the row's", call, lookups)
			}
			// Another session's token is not answered from this row; a second look-up of this
			// one reads the store.
			other := startPlatformSession(t, f, 2)
			if u, err := f.svc.UserForToken(reqCtx, other); err != nil || u.ID != 2 || lookups != 1 {
				t.Fatalf("another session's token: %d %v, %d look-ups", u.ID, err, lookups)
			}
			if _, err := f.svc.UserForToken(reqCtx, token); err != nil || lookups != 2 {
				t.Fatalf("second look-up: %v, %d look-ups, want 2", err, lookups)
			}
			lookups = 0
		}
	})
}

// The read with the row refuses what the store refuses: a revoked or expired BFF session is
// no session; a BFF session whose platform session ended (logout elsewhere, expiry) or whose
// row has no platform key (written before migration 0018, or by the remote mode's store) is
// read alone, and the platform's look-up then answers; a login disabled since is refused.
func TestBFFSessionReadRefusesWhatTheStoreRefuses(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		f := newFixture(t, d)
		ctx := context.Background()
		sessions := NewBFFSessions(f.db)
		live := func(id string) session.Row {
			t.Helper()
			row, err := sessions.Get(ctx, []byte(id), f.now)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			return row
		}

		revoked := startPlatformSession(t, f, 1)
		if err := sessions.Create(ctx, []byte("revoked"), bffRow(f, revoked)); err != nil {
			t.Fatal(err)
		}
		if err := sessions.Revoke(ctx, []byte("revoked"), f.now); err != nil {
			t.Fatal(err)
		}
		if _, err := sessions.Get(ctx, []byte("revoked"), f.now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("revoked: %v", err)
		}
		if _, err := sessions.Get(ctx, []byte("unknown"), f.now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown: %v", err)
		}
		idle := startPlatformSession(t, f, 1)
		if err := sessions.Create(ctx, []byte("idle"), bffRow(f, idle)); err != nil {
			t.Fatal(err)
		}
		if _, err := sessions.Get(ctx, []byte("idle"), f.now.Add(15*time.Minute)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("idle past its expiry: %v", err)
		}

		ended := startPlatformSession(t, f, 1)
		if err := sessions.Create(ctx, []byte("ended"), bffRow(f, ended)); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.EndSession(ctx, ended); err != nil {
			t.Fatal(err)
		}
		row := live("ended")
		if row.Platform != nil || row.PlatformSession != ended {
			t.Fatalf("a row whose platform session ended: %+v", row)
		}
		if _, err := f.svc.SessionUserForToken(session.NewContext(ctx, &session.Session{Row: row}), ended); !errors.Is(err, apierr.ErrNoSession) {
			t.Fatalf("session/user of an ended platform session: %v", err)
		}

		older := startPlatformSession(t, f, 1)
		if err := (session.SQLStore{DB: f.db}).Create(ctx, []byte("older"), bffRow(f, older)); err != nil {
			t.Fatal(err)
		}
		if row := live("older"); row.Platform != nil || row.PlatformSession != older {
			t.Fatalf("a row without a platform key: %+v", row)
		}

		off := startPlatformSession(t, f, 1)
		if err := sessions.Create(ctx, []byte("off"), bffRow(f, off)); err != nil {
			t.Fatal(err)
		}
		testdb.MustExec(t, f.db, `UPDATE app_user SET disabled = 1 WHERE id = 1`)
		row = live("off")
		for name, lookup := range map[string]func(context.Context) error{
			"session/user": func(ctx context.Context) error { _, err := f.svc.SessionUserForToken(ctx, off); return err },
			"authenticate": func(ctx context.Context) error { _, err := f.svc.UserForToken(ctx, off); return err },
		} {
			row.Platform = live("off").Platform
			if err := lookup(session.NewContext(ctx, &session.Session{Row: row})); !errors.Is(err, apierr.ErrNoSession) {
				t.Fatalf("%s of a disabled login: %v", name, err)
			}
		}
	})
}
