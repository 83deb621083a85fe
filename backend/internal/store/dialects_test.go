package store_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

// Every dialect migrates to the binary's newest version, and a second run is a no-op.
func TestMigrateEachDialect(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("second migrate: %v", err)
		}
		newest, err := store.NewestMigration(db.Dialect)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := db.Version(ctx); err != nil || v != newest || v < 12 {
			t.Fatalf("version %d (%v), want %d", v, err, newest)
		}
		// Usernames are unique whatever their case, on both dialects.
		if _, err := db.ExecContext(ctx, `INSERT INTO firm (id, name, product_name, region) VALUES (1, 'F', 'P', 'GB')`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO entity (id, firm_id, entity_kind, entity_name) VALUES (1, 1, 'client', 'C')`); err != nil {
			t.Fatal(err)
		}
		add := db.Rebind(`INSERT INTO app_user (username, password_hash, role_name, entity_id, created_at) VALUES (?, '', 'ClientUser', 1, 'now')`)
		if _, err := db.ExecContext(ctx, add, "Jo.Client"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, add, "jo.client"); err == nil {
			t.Fatal("a username differing only in case was accepted")
		}
	})
}

// A database migrated by a newer binary is refused with a message that says so, on both
// dialects: an older binary must not write into a schema it does not know.
func TestMigrateRefusesNewerSchema(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		newest, err := store.NewestMigration(db.Dialect)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'future.sql', 'x')`), newest+1); err != nil {
			t.Fatal(err)
		}
		err = db.Migrate(ctx)
		if !errors.Is(err, store.ErrSchemaNewer) || !strings.Contains(err.Error(), "newer portal binary") {
			t.Fatalf("migrate over a newer schema: %v", err)
		}
	})
}

// Go booleans are stored as 1 and 0 in the INTEGER flag columns on both dialects.
func TestBooleanArgumentsOnEachDialect(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.ExecContext(ctx, `INSERT INTO firm (id, name, product_name, region) VALUES (7, 'F', 'P', 'GB')`); err != nil {
			t.Fatal(err)
		}
		for _, want := range []bool{true, false} {
			if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO feature_toggle (firm_id, name, enabled) VALUES (7, ?, ?)`), map[bool]string{true: "on", false: "off"}[want], want); err != nil {
				t.Fatal(err)
			}
		}
		var on, off int
		var onBool bool
		err := db.QueryRowContext(ctx, `SELECT (SELECT enabled FROM feature_toggle WHERE name = 'on'), (SELECT enabled FROM feature_toggle WHERE name = 'off'), (SELECT enabled FROM feature_toggle WHERE name = 'on')`).Scan(&on, &off, &onBool)
		if err != nil || on != 1 || off != 0 || !onBool {
			t.Fatalf("on %d off %d onBool %v: %v", on, off, onBool, err)
		}
	})
}

// The readiness write commits on each dialect, and reports a lock held elsewhere after its own
// short wait.
func TestCheckWriteEachDialect(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.CheckWrite(ctx, 10*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		// SQLite's transactions take the write lock at BEGIN; PostgreSQL's row lock needs the row.
		if _, err := tx.ExecContext(ctx, `UPDATE meta SET value = '2' WHERE key = 'readiness_probe'`); err != nil {
			t.Fatal(err)
		}
		if err := db.CheckWrite(ctx, 10*time.Millisecond); !errors.Is(err, store.ErrWriteLocked) {
			t.Fatalf("with the lock held: %v", err)
		}
		if err := tx.Rollback(); err != nil {
			t.Fatal(err)
		}
		if err := db.CheckWrite(ctx, 10*time.Millisecond); err != nil {
			t.Fatalf("after the lock is released: %v", err)
		}
	})
}

// Open picks the dialect from the URL: empty is the SQLite file in the data directory, a
// postgres:// or postgresql:// URL the server, anything else is refused.
func TestOpenChoosesTheDialect(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "data")
	db, err := store.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	if db.Dialect != store.SQLite {
		t.Fatalf("empty url: %s", db.Dialect)
	}
	db.Close()
	if _, err := store.Open(ctx, "mysql://u:secret@h/db", dir); err == nil || strings.Contains(err.Error(), "secret") {
		t.Fatalf("mysql url: %v", err)
	}
	for _, d := range testdb.Dialects() {
		if d != store.Postgres {
			continue
		}
		url := testdb.PostgresURL(t)
		for _, u := range []string{url, "postgresql" + strings.TrimPrefix(url, "postgres")} {
			db, err := store.Open(ctx, u, dir)
			if err != nil {
				t.Fatal(err)
			}
			if db.Dialect != store.Postgres {
				t.Fatalf("%s: %s", u, db.Dialect)
			}
			db.Close()
		}
	}
}

// A database that cannot be reached stops Open with ErrUnreachable and a message that names the
// server without its password.
func TestOpenPostgresUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err = store.Open(ctx, "postgres://portal:s3cret-pw@"+addr+"/portal?sslmode=disable", "")
	if !errors.Is(err, store.ErrUnreachable) {
		t.Fatalf("open: %v", err)
	}
	if msg := err.Error(); strings.Contains(msg, "s3cret-pw") || !strings.Contains(msg, addr) {
		t.Fatalf("message %q: names the password, or not the server", msg)
	}
}

func TestRedactURL(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://u:pw@h:5432/db?sslmode=disable":   "postgres://u:xxxxx@h:5432/db?sslmode=disable",
		"postgres://u@h/db":                           "postgres://u@h/db",
		"postgres://h/db?password=pw&sslmode=require": "postgres://h/db?password=xxxxx&sslmode=require",
	} {
		if got := store.RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// docs/data-model.md is the map of the store: every table a migrated store has, on each
// dialect, is named there.
func TestDataModelDocNamesEveryTable(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "data-model.md"))
	if err != nil {
		t.Fatal(err)
	}
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		tables := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'`
		if db.Dialect == store.Postgres {
			tables = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
				AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`
		}
		rows, err := db.Query(tables)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				t.Fatal(err)
			}
			n++
			if !strings.Contains(string(doc), "`"+name+"`") {
				t.Errorf("table %s is not in docs/data-model.md", name)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if n < 20 {
			t.Fatalf("only %d tables found", n)
		}
	})
}
