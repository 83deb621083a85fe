package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib" // pgx's database/sql driver
)

// The PostgreSQL pool of one portal process. Several instances share one server, so the pool is
// bounded: instances × postgresMaxConns must stay below the server's max_connections (100 by
// default; docs/deploy.md).
const (
	postgresMaxConns     = 16
	postgresMaxIdleConns = 8
	postgresConnLifetime = 30 * time.Minute
	postgresConnIdleTime = 5 * time.Minute
)

// OpenPostgres connects to the PostgreSQL server at databaseURL (postgres://user:pass@host/db)
// through pgx's database/sql driver and checks that it answers: ErrUnreachable when it does not
// within connectTimeout. Errors never carry the password.
func OpenPostgres(ctx context.Context, databaseURL string) (*DB, error) {
	cfg, err := pgx.ParseConfig(databaseURL)
	if err != nil {
		// pgx's parse errors can quote the URL; say only what is wrong with it.
		return nil, fmt.Errorf("database url %s: not a valid PostgreSQL URL", RedactURL(databaseURL))
	}
	if cfg.ConnectTimeout == 0 || cfg.ConnectTimeout > connectTimeout {
		cfg.ConnectTimeout = connectTimeout
	}
	db := sql.OpenDB(pgConnector{stdlib.GetConnector(*cfg)})
	db.SetMaxOpenConns(postgresMaxConns)
	db.SetMaxIdleConns(postgresMaxIdleConns)
	db.SetConnMaxLifetime(postgresConnLifetime)
	db.SetConnMaxIdleTime(postgresConnIdleTime)
	pingCtx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%w: PostgreSQL at %s did not answer: %v", ErrUnreachable, RedactURL(databaseURL), err)
	}
	return &DB{DB: db, Dialect: Postgres, pgConfig: cfg}, nil
}

// pgConnector opens pgx connections wrapped in pgConn.
type pgConnector struct{ driver.Connector }

// Connect opens a connection and wraps it.
func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	sc, ok := conn.(*stdlib.Conn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("pgx driver connection %T is not a *stdlib.Conn", conn)
	}
	return pgConn{sc}, nil
}

// pgConn is a pgx connection that stores Go booleans as 1 and 0, as SQLite's driver does: the
// schema's flags are INTEGER columns on both dialects (docs/data-model.md), so the domain code
// passes a bool to either.
type pgConn struct{ *stdlib.Conn }

// CheckNamedValue turns a bool argument into 1 or 0 and passes everything else to pgx.
func (c pgConn) CheckNamedValue(nv *driver.NamedValue) error {
	if b, ok := nv.Value.(bool); ok {
		nv.Value = int64(0)
		if b {
			nv.Value = int64(1)
		}
		return nil
	}
	return c.Conn.CheckNamedValue(nv)
}

// checkWritePostgres commits the readiness write in a transaction that waits at most wait for
// the row's lock (lock_timeout) and the context for the rest.
func (db *DB) checkWritePostgres(ctx context.Context, wait time.Duration) error {
	ms := max(wait.Milliseconds(), 1)
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("SET LOCAL lock_timeout = %d", ms)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, readinessUpsert)
		return err
	})
	return classifyPostgresWrite(err)
}

// classifyPostgresWrite names the SQLSTATEs of a refused write.
func classifyPostgresWrite(err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return err
	}
	switch pe.Code {
	case "55P03", "40P01": // lock_not_available (lock_timeout), deadlock_detected
		return fmt.Errorf("%w: %v", ErrWriteLocked, err)
	case "25006", "42501", "53100": // read_only_sql_transaction, insufficient_privilege, disk_full
		return fmt.Errorf("%w: %v", ErrReadOnly, err)
	}
	return err
}
