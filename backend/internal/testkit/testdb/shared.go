package testdb

import (
	"context"
	"errors"
	"path/filepath"

	"wealthportal/backend/internal/store"
)

// Shared is one store on dialect d holding what seed wrote, made once per test binary and key
// and handed to every caller as it is, not copied: for benchmarks that read a large seeded
// store (a copy per benchmark would cost more than the benchmark). Callers must not write to
// it. The caller closes the handle; Main removes the store (on PostgreSQL drops the database)
// when the tests end. It needs Main like Template.
func Shared(ctx context.Context, d store.Dialect, key string, seed Seed) (*store.DB, error) {
	if seed == nil {
		return nil, errors.New("testdb: Shared needs a seed")
	}
	tm, err := templateFor(d, "shared/"+key, seed)
	if err != nil {
		return nil, err
	}
	var db *store.DB
	switch d {
	case store.SQLite:
		db, err = store.OpenSQLite(filepath.Clean(tm.file))
	case store.Postgres:
		db, err = store.OpenPostgres(ctx, databaseURL(tm.name))
	default:
		return nil, errors.New("testdb: unknown dialect " + string(d))
	}
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}
