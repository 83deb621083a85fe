package store

import (
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/stdlib"
)

// OpenPlainPool opens a second, small pool on db's PostgreSQL database through pgx's
// database/sql driver as it is, without the store's bool-to-integer conversion (pgConn): for a
// library that writes its own tables with real booleans (River's job queue, package reports).
// The caller closes it. On SQLite it is an error: share db itself.
func (db *DB) OpenPlainPool(maxConns int) (*sql.DB, error) {
	if db.pgConfig == nil {
		return nil, errors.New("store: a plain pool is for PostgreSQL only")
	}
	pool := stdlib.OpenDB(*db.pgConfig.Copy())
	pool.SetMaxOpenConns(maxConns)
	pool.SetMaxIdleConns(maxConns)
	pool.SetConnMaxLifetime(postgresConnLifetime)
	pool.SetConnMaxIdleTime(postgresConnIdleTime)
	return pool, nil
}
