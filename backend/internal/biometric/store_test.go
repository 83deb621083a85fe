package biometric

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

var bioT0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// bioStore is a migrated store with one firm, one party and logins 1 and 2.
func bioStore(t *testing.T, db *store.DB) SQLStore {
	t.Helper()
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'F', 'P', 'GB')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES (10, 1, 'client', 'Ada', 'Lovelace', 'Lovelace, Ada')`,
		`INSERT INTO app_user (id, username, password_hash, role_name, entity_id, mfa_method, created_at) VALUES
			(1, 'ada', 'hash-1', 'ClientUser', 10, 'token', 'x'), (2, 'bob', 'hash-2', 'ClientUser', 10, '', 'x')`,
		`UPDATE app_user SET totp_secret = 'secret' WHERE id = 1`,
	} {
		if _, err := db.Exec(db.Rebind(q)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.SyncIdentities(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return SQLStore{DB: db}
}

func bioDevice(id string, userID int64, at time.Time) Device {
	return Device{ID: id, UserID: userID, Name: "Phone " + id, CredentialHash: []byte("cred-" + id), BoundTo: []byte("bound"), CreatedAt: at}
}

// Devices are created under the cap, read back, rotated once per credential, listed newest
// first and revoked; revoked devices beyond the ones kept are deleted.
func TestSQLStoreDeviceLifecycle(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := bioStore(t, db), context.Background()
		for i, id := range []string{"d1", "d2", "d3"} {
			ok, err := s.Create(ctx, bioDevice(id, 1, bioT0.Add(time.Duration(i)*time.Minute)), 2, 1)
			if err != nil || ok != (i < 2) {
				t.Fatalf("create %s: %v %v", id, ok, err)
			}
		}
		d, err := s.Active(ctx, "d1")
		if err != nil || d.UserID != 1 || string(d.CredentialHash) != "cred-d1" || !d.CreatedAt.Equal(bioT0) || d.LastUsedAt != nil || d.PreviousHash != nil {
			t.Fatalf("active: %+v %v", d, err)
		}
		if _, err := s.Active(ctx, "d3"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a device over the cap was stored: %v", err)
		}
		now := bioT0.Add(time.Hour)
		if ok, err := s.Rotate(ctx, "d1", []byte("cred-d1"), []byte("next"), now); !ok || err != nil {
			t.Fatalf("rotate: %v %v", ok, err)
		}
		if ok, err := s.Rotate(ctx, "d1", []byte("cred-d1"), []byte("again"), now); ok || err != nil {
			t.Fatalf("a spent credential rotated again: %v %v", ok, err)
		}
		d, _ = s.Active(ctx, "d1")
		if string(d.PreviousHash) != "cred-d1" || string(d.CredentialHash) != "next" || d.LastUsedAt == nil || !d.LastUsedAt.Equal(now) {
			t.Fatalf("after rotation: %+v", d)
		}
		list, err := s.List(ctx, 1)
		if err != nil || len(list) != 2 || list[0].ID != "d2" || list[1].ID != "d1" {
			t.Fatalf("list: %+v %v", list, err)
		}
		if ok, err := s.Revoke(ctx, 2, "d1", "user", now); ok || err != nil {
			t.Fatalf("another user revoked d1: %v %v", ok, err)
		}
		if ok, err := s.Revoke(ctx, 1, "d1", "user", now); !ok || err != nil {
			t.Fatalf("revoke: %v %v", ok, err)
		}
		if err := s.RevokeAll(ctx, 1, "password", now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if list, _ := s.List(ctx, 1); len(list) != 0 {
			t.Fatalf("devices left after RevokeAll: %+v", list)
		}
		// Creating again keeps only the newest revoked device (keepRevoked 1): d2.
		if ok, err := s.Create(ctx, bioDevice("d4", 1, now), 2, 1); !ok || err != nil {
			t.Fatalf("create after revoke: %v %v", ok, err)
		}
		var ids []string
		rows, err := db.Query(db.Rebind(`SELECT id FROM biometric_device WHERE user_id = ? ORDER BY id`), 1)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			rows.Scan(&id)
			ids = append(ids, id)
		}
		if fmt.Sprint(ids) != "[d2 d4]" {
			t.Fatalf("rows kept: %v", ids)
		}
	})
}

// The binding joins the password hash, the second-factor method, the token secret and the
// newest linked second-factor device.
func TestSQLStoreBinding(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := bioStore(t, db), context.Background()
		if b, err := s.Binding(ctx, 1); err != nil || b != "hash-1|token|secret|" {
			t.Fatalf("binding %q %v", b, err)
		}
		if _, err := db.Exec(db.Rebind(`INSERT INTO mfa_device (id, user_id, method, destination, totp_secret, created_at, expires_at, linked_at)
			VALUES ('m1', 1, 'token', '', 'secret', 'x', 'x', ?)`), store.FormatTime(bioT0)); err != nil {
			t.Fatal(err)
		}
		if b, err := s.Binding(ctx, 1); err != nil || b != "hash-1|token|secret|m1" {
			t.Fatalf("binding with a device %q %v", b, err)
		}
		if _, err := s.Binding(ctx, 99); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown user: %v", err)
		}
	})
}

// Parallel enrolments of one login, from two portal processes, never pass the cap of active
// devices (the count and the insert are one decision on both dialects).
func TestParallelEnrolmentsCannotPassTheCap(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := bioStore(t, db), context.Background()
		stores := []SQLStore{s, {DB: testdb.Reopen(t, db)}}
		const maxActive = 3
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range 24 {
			wg.Go(func() {
				<-start
				if _, err := stores[i%2].Create(ctx, bioDevice(fmt.Sprintf("p%02d", i), 1, bioT0), maxActive, 5); err != nil {
					t.Error(err)
				}
			})
		}
		close(start)
		wg.Wait()
		if list, err := s.List(ctx, 1); err != nil || len(list) != maxActive {
			t.Fatalf("%d active devices after parallel enrolments, want %d (%v)", len(list), maxActive, err)
		}
	})
}
