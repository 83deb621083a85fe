package store

import (
	"context"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// SQLite only: the pragmas are SQLite's (TestMigrateEachDialect migrates both dialects).
func TestOpenSQLiteAppliesPragmasAndMigrations(t *testing.T) {
	db, err := OpenSQLite(filepath.Join(t.TempDir(), "portal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	// A second run must be a no-op, not a failure.
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("second migrate: %v", err)
	}
	if v, err := db.Version(ctx); err != nil || v < 1 {
		t.Fatalf("version = %d, %v", v, err)
	}
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v", mode, err)
	}
	var fk int
	if err := db.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign_keys = %d, %v", fk, err)
	}
	var busy int
	if err := db.QueryRow(`PRAGMA busy_timeout`).Scan(&busy); err != nil || busy != 10000 {
		t.Fatalf("busy_timeout = %d, %v", busy, err)
	}
	// Foreign keys are enforced: a user pointing at no entity is refused.
	if _, err := db.Exec(`INSERT INTO app_user (username, password_hash, role_name, entity_id, created_at) VALUES ('x', '', 'ClientUser', 999, 'now')`); err == nil {
		t.Fatal("insert with a dangling entity_id succeeded")
	}
}

func TestRebind(t *testing.T) {
	pg := &DB{Dialect: Postgres}
	if got := pg.Rebind("a = ? AND b = ?"); got != "a = $1 AND b = $2" {
		t.Fatalf("postgres rebind = %q", got)
	}
	lite := &DB{Dialect: SQLite}
	if got := lite.Rebind("a = ?"); got != "a = ?" {
		t.Fatalf("sqlite rebind = %q", got)
	}
}

// Two migrations with one number would leave the second unapplied for ever: refused.
func TestMigrationNumbersAreUnique(t *testing.T) {
	for _, dir := range []string{"migrations/sqlite", "migrations/postgres"} {
		if _, err := migrationFiles(migrationsFS, dir); err != nil {
			t.Fatalf("the shipped migrations: %v", err)
		}
	}
	dup := fstest.MapFS{
		"m/0001_a.sql": {Data: []byte("SELECT 1")},
		"m/0002_b.sql": {Data: []byte("SELECT 1")},
		"m/0002_c.sql": {Data: []byte("SELECT 1")},
	}
	if _, err := migrationFiles(dup, "m"); err == nil || !strings.Contains(err.Error(), "share the number 2") {
		t.Fatalf("duplicate numbers: %v", err)
	}
	ordered, err := migrationFiles(fstest.MapFS{"m/10_b.sql": {}, "m/9_a.sql": {}}, "m")
	if err != nil || ordered[0].version != 9 || ordered[1].version != 10 {
		t.Fatalf("version order: %+v, %v", ordered, err)
	}
}

// The two dialects' migrations are numbered in step: the same numbers with the same names, so a
// version in schema_migrations means the same schema on either.
func TestMigrationsOfBothDialectsMatch(t *testing.T) {
	lite, err := migrationFiles(migrationsFS, "migrations/sqlite")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := migrationFiles(migrationsFS, "migrations/postgres")
	if err != nil {
		t.Fatal(err)
	}
	names := func(ms []migration) (out []string) {
		for _, m := range ms {
			out = append(out, path.Base(m.file))
		}
		return out
	}
	if a, b := strings.Join(names(lite), " "), strings.Join(names(pg), " "); a != b {
		t.Fatalf("sqlite migrations: %s\npostgres migrations: %s", a, b)
	}
	if len(lite) < 10 {
		t.Fatalf("only %d migrations", len(lite))
	}
}
