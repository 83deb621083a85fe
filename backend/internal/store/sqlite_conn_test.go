package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"modernc.org/sqlite"
)

// A connection SQLite opened read-only serves its query and is closed, never kept in the pool;
// a writable one is kept. SQLite only: it is about SQLite's file and connections.
func TestPoolKeepsOnlyWritableConnections(t *testing.T) {
	file := filepath.Join(t.TempDir(), "portal.db")
	db, err := OpenSQLite(file)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dsn  string
		idle int
	}{
		{"file:" + file + "?mode=ro", 0},
		{"file:" + file, 1},
	} {
		connector, err := sqlite.NewConnector(tc.dsn)
		if err != nil {
			t.Fatal(err)
		}
		pool := sql.OpenDB(poolConnector{Connector: connector})
		var v int
		if err := pool.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		if idle := pool.Stats().Idle; idle != tc.idle {
			t.Errorf("%s: %d idle connections, want %d", tc.dsn, idle, tc.idle)
		}
		pool.Close()
	}
}

// CheckWrite reports a write lock held elsewhere after its own short wait, and succeeds once
// the lock is released. SQLite only: its whole-database write lock, taken at BEGIN without a row
// (TestCheckWriteEachDialect covers both dialects).
func TestCheckWriteReportsWriteLock(t *testing.T) {
	db, err := OpenSQLite(filepath.Join(t.TempDir(), "portal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	tx, err := db.BeginTx(ctx, nil) // BEGIN IMMEDIATE
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CheckWrite(ctx, 10*time.Millisecond); !errors.Is(err, ErrWriteLocked) {
		t.Fatalf("with the write lock held: %v", err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if err := db.CheckWrite(ctx, 10*time.Millisecond); err != nil {
		t.Fatalf("after the lock is released: %v", err)
	}
}
