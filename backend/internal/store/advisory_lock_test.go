package store_test

import (
	"context"
	"database/sql"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// While one instance holds a lock (WithLock), another instance's TryInTx on it is skipped; once
// it is released the job runs. On SQLite (one process per file) both simply run.
func TestAdvisoryLocksAcrossInstances(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		other := testdb.Reopen(t, db)
		try := func() bool {
			t.Helper()
			ran, err := other.TryInTx(ctx, store.LockRateLimitCleanup, func(tx *sql.Tx) error {
				_, err := tx.ExecContext(ctx, `SELECT 1`)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return ran
		}
		var whileHeld bool
		if err := db.WithLock(ctx, store.LockRateLimitCleanup, func() error {
			whileHeld = try()
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if want := db.Dialect != store.Postgres; whileHeld != want {
			t.Fatalf("job ran while another instance held its lock: %v, want %v", whileHeld, want)
		}
		if !try() {
			t.Fatal("job skipped after the lock was released")
		}
		// Another lock's holder does not stop the job.
		if err := db.WithLock(ctx, store.LockDemoSeed, func() error {
			if !try() {
				t.Error("job skipped while only another lock was held")
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	})
}

// TryWithLock runs its job only while no other instance holds the lock (PostgreSQL), holds it
// for the whole job so another instance's try is skipped meanwhile, and releases it afterwards.
// On SQLite (one process per file) every try runs.
func TestTryWithLockSkipsWhileHeld(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		other := testdb.Reopen(t, db)
		try := func(on *store.DB) bool {
			t.Helper()
			ran, err := on.TryWithLock(ctx, store.LockExpirySweep, func() error { return nil })
			if err != nil {
				t.Fatal(err)
			}
			return ran
		}
		var whileHeld, nested bool
		ran, err := db.TryWithLock(ctx, store.LockExpirySweep, func() error {
			whileHeld = try(other)
			return nil
		})
		if err != nil || !ran {
			t.Fatalf("the first try did not run: %v %v", ran, err)
		}
		if want := db.Dialect != store.Postgres; whileHeld != want {
			t.Fatalf("another instance ran while the lock was held: %v, want %v", whileHeld, want)
		}
		if !try(other) {
			t.Fatal("skipped after the lock was released")
		}
		// A held lock of another job does not stop it.
		if err := db.WithLock(ctx, store.LockRateLimitCleanup, func() error {
			nested = try(other)
			return nil
		}); err != nil || !nested {
			t.Fatalf("skipped while only another lock was held: %v %v", nested, err)
		}
	})
}
