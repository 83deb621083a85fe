package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Lock names one PostgreSQL advisory lock that portal instances sharing a database take so
// that work meant to happen once does (docs/deploy.md). The keys live here, in one list, so two
// jobs never share one by accident.
type Lock int64

// The advisory locks of the portal. LockMigrations is the one Migrate takes.
const (
	LockMigrations       Lock = migrationLockKey
	LockDemoSeed         Lock = 0x77700002 // demo.Seed: the demo firm is loaded once
	LockRateLimitCleanup Lock = 0x77700003 // ratelimit's sweep of ended counters
	LockExpirySweep      Lock = 0x77700004 // housekeeping's sweep of expired rows
	LockJobQueue         Lock = 0x77700017 // reports.MigrateQueue: River's tables are migrated once
)

// WithLock runs fn while holding lock, waiting for it when another instance holds it. On
// PostgreSQL the lock is a session advisory lock on a connection of its own, so fn may use the
// pool freely (including long transactions); it is released when fn returns, or by the server
// if this process dies. On SQLite fn simply runs: one file has one portal process (its own
// write transactions serialise the rest).
func (db *DB) WithLock(ctx context.Context, lock Lock, fn func() error) error {
	if db.Dialect != Postgres {
		return fn()
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, int64(lock)); err != nil {
		return fmt.Errorf("advisory lock %#x: %w", int64(lock), err)
	}
	// Unlock even when ctx has ended, so the pooled connection does not keep the lock.
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(lock))
	return fn()
}

// TryWithLock runs fn while holding lock when it is free, and reports whether it ran: a
// periodic job that another instance is already running is skipped, not queued behind it.
// Unlike TryInTx the lock is held outside any transaction (a session advisory lock on a
// connection of its own), so fn may commit its work in many short transactions. On SQLite fn
// always runs.
func (db *DB) TryWithLock(ctx context.Context, lock Lock, fn func() error) (bool, error) {
	if db.Dialect != Postgres {
		return true, fn()
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	var got bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, int64(lock)).Scan(&got); err != nil {
		return false, fmt.Errorf("advisory lock %#x: %w", int64(lock), err)
	}
	if !got {
		return false, nil
	}
	// Unlock even when ctx has ended, so the pooled connection does not keep the lock.
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(lock))
	return true, fn()
}

// TryInTx runs fn in a transaction when lock is free, and reports whether it ran: a periodic
// job that another instance is already running is skipped, not queued behind it. On PostgreSQL
// the lock (pg_try_advisory_xact_lock) ends with the transaction; on SQLite fn always runs.
func (db *DB) TryInTx(ctx context.Context, lock Lock, fn func(*sql.Tx) error) (bool, error) {
	ran := false
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		if db.Dialect == Postgres {
			var got bool
			if err := tx.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock($1)`, int64(lock)).Scan(&got); err != nil {
				return fmt.Errorf("advisory lock %#x: %w", int64(lock), err)
			}
			if !got {
				return nil
			}
		}
		ran = true
		return fn(tx)
	})
	if err != nil {
		return false, err
	}
	return ran, nil
}
