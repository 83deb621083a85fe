package main

import (
	"context"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// eachCommandStore runs fn once per dialect with a fresh, migrated store and the --data-dir and
// --database-url a command needs to open that same store itself (url is empty on SQLite).
func eachCommandStore(t *testing.T, fn func(t *testing.T, db *store.DB, dir, url string)) {
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
			defer db.Close()
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			fn(t, db, dir, url)
		})
	}
}
