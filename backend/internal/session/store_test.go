package session

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

var storeT0 = time.Date(2026, 11, 22, 9, 0, 0, 123456789, time.UTC)

func storeRow(userID int64) Row {
	return Row{
		UserID: userID, RoleName: "ClientUser", EntityID: 10, PartnerEntityID: 11,
		PlatformSession: "platform-token", PendingSteps: []string{"SiteTerms", "ForceChangePassword"},
		IdleTimeout: 15 * time.Minute, ClientAccessLevel: "Client Portfolio",
		CreatedAt: storeT0, LastSeenAt: storeT0,
		IdleExpiresAt: storeT0.Add(15 * time.Minute), ExpiresAt: storeT0.Add(12 * time.Hour),
	}
}

// A stored session reads back field for field, including nanosecond times, on both dialects.
func TestSQLStoreRoundTrip(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := SQLStore{DB: db}, context.Background()
		want := storeRow(7)
		if err := s.Create(ctx, []byte("id-1"), want); err != nil {
			t.Fatal(err)
		}
		got, err := s.Get(ctx, []byte("id-1"), storeT0)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("got %+v %v\nwant %+v", got, err, want)
		}
		if _, err := s.Get(ctx, []byte("id-2"), storeT0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown id: %v", err)
		}
		if err := s.SetPendingSteps(ctx, []byte("id-1"), nil); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, []byte("id-1"), storeT0); got.PendingSteps != nil {
			t.Fatalf("steps after they are done: %q", got.PendingSteps)
		}
	})
}

// A session ends when it has been idle too long (Touch pushes that out), at the end of its
// lifetime however active it is, and when revoked, alone or with every session of its user.
func TestSQLStoreExpiryAndRevocation(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := SQLStore{DB: db}, context.Background()
		for _, id := range []string{"a", "b", "c"} {
			if err := s.Create(ctx, []byte(id), storeRow(map[string]int64{"a": 1, "b": 2, "c": 2}[id])); err != nil {
				t.Fatal(err)
			}
		}
		live := func(id string, at time.Time) bool {
			t.Helper()
			_, err := s.Get(ctx, []byte(id), at)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				t.Fatal(err)
			}
			return err == nil
		}
		idleEnd := storeT0.Add(15 * time.Minute)
		if !live("a", idleEnd.Add(-time.Nanosecond)) || live("a", idleEnd) {
			t.Fatal("idle expiry is not at idle_expires_at")
		}
		later := storeT0.Add(10 * time.Minute)
		if err := s.Touch(ctx, []byte("a"), later, later.Add(15*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if !live("a", idleEnd) {
			t.Fatal("Touch did not push the idle expiry out")
		}
		if err := s.Touch(ctx, []byte("a"), storeT0.Add(12*time.Hour-time.Minute), storeT0.Add(13*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if live("a", storeT0.Add(12*time.Hour)) {
			t.Fatal("a session outlived its lifetime")
		}
		if err := s.Revoke(ctx, []byte("b"), later); err != nil {
			t.Fatal(err)
		}
		if live("b", later) || !live("c", later) {
			t.Fatal("Revoke ended the wrong sessions")
		}
		if err := s.RevokeUser(ctx, 2, later); err != nil {
			t.Fatal(err)
		}
		if live("c", later) || !live("a", later) {
			t.Fatal("RevokeUser ended the wrong sessions")
		}
	})
}
