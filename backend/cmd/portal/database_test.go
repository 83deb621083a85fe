package main

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The portal refuses to start when its database cannot be reached, saying so without the URL's
// password.
func TestServeRefusesAnUnreachableDatabase(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	err = dispatch([]string{"serve", "--addr", "127.0.0.1:0", "--data-dir", t.TempDir()},
		env(map[string]string{"PORTAL_DATABASE_URL": "postgres://portal:pw-s3cret@" + addr + "/portal?sslmode=disable"}), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "cannot open the database: database unreachable") || strings.Contains(err.Error(), "pw-s3cret") {
		t.Fatalf("serve: %v", err)
	}
}

// The portal refuses to start on a database whose schema a newer binary migrated, on each
// dialect, and says what to do.
func TestServeRefusesANewerSchema(t *testing.T) {
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			dir, url := t.TempDir(), ""
			if d == store.Postgres {
				url = testdb.PostgresURL(t)
			}
			ctx := context.Background()
			db, err := store.Open(ctx, url, dir)
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			newest, _ := store.NewestMigration(d)
			if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'future.sql', 'x')`), newest+1); err != nil {
				t.Fatal(err)
			}
			db.Close()
			err = dispatch([]string{"serve", "--addr", "127.0.0.1:0", "--data-dir", dir, "--database-url", url, "--demo=false"}, env(nil), io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "schema is newer than this binary") || !strings.Contains(err.Error(), "run the newer portal binary") {
				t.Fatalf("serve: %v", err)
			}
		})
	}
}
