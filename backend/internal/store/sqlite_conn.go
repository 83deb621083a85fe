package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Why a write to the store fails, as CheckWrite reports it.
var (
	// ErrReadOnly: the file or its file system refuses writes.
	ErrReadOnly = errors.New("store is read-only")
	// ErrWriteLocked: another connection or process holds SQLite's write lock (on PostgreSQL:
	// the probe's row lock).
	ErrWriteLocked = errors.New("store is write-locked")
)

// sqliteConn is what the pool needs of a modernc.org/sqlite connection; poolConn passes all of
// it through.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
	IsReadOnly(schema string) (bool, error)
}

// poolConnector opens the pool's connections. SQLite opens a file it may not write read-only
// and keeps it so for the connection's life; such a connection serves the request that opened
// it and is then closed, never pooled, so a store made writable again works without a restart.
// Its connections report their writes to changes (changes.go), when there is one.
type poolConnector struct {
	driver.Connector
	changes *Changes
}

// Connect opens a connection and wraps it.
func (c poolConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	sc, ok := conn.(sqliteConn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("sqlite driver connection %T lacks the methods the pool needs", conn)
	}
	pc := &poolConn{sqliteConn: sc}
	if c.changes != nil {
		c.changes.track(sc, pc)
	}
	return pc, nil
}

type poolConn struct {
	sqliteConn
	// changes is where wrote is counted; wrote says a watched table was written since the
	// connection last went back to the pool.
	changes *Changes
	wrote   atomic.Bool
}

// IsValid keeps a connection in the pool only while it can write. database/sql asks it as the
// connection goes back to the pool, once its statement or transaction is over: its writes are
// counted then (Changes).
func (c *poolConn) IsValid() bool {
	c.settle()
	ro, err := c.IsReadOnly("main")
	return err == nil && !ro && c.sqliteConn.IsValid()
}

// Close counts the connection's last writes and removes its hook.
func (c *poolConn) Close() error {
	c.settle()
	if hr, ok := c.sqliteConn.(sqlite.HookRegisterer); ok && c.changes != nil {
		hr.RegisterPreUpdateHook(nil)
	}
	return c.sqliteConn.Close()
}

// ResetSession refuses to reuse a read-only connection.
func (c *poolConn) ResetSession(ctx context.Context) error {
	if ro, err := c.IsReadOnly("main"); err != nil || ro {
		return driver.ErrBadConn
	}
	return c.sqliteConn.ResetSession(ctx)
}

// CheckWrite commits a one-row write, waiting at most wait for the lock it needs:
// ErrWriteLocked when another holds it longer, ErrReadOnly when the store refuses writes. On
// SQLite it uses a new connection of its own (not one the pool kept from before); the context
// alone cannot cut SQLite's wait for the lock short, hence wait. PostgreSQL: postgres_conn.go.
func (db *DB) CheckWrite(ctx context.Context, wait time.Duration) error {
	if db.Dialect == Postgres {
		return db.checkWritePostgres(ctx, wait)
	}
	if db.connector == nil { // not opened by OpenSQLite: the pool's connections alone
		_, err := db.ExecContext(ctx, readinessUpsert)
		return classifyWrite(err)
	}
	conn, err := db.connector.Connect(ctx)
	if err != nil {
		return classifyWrite(err)
	}
	defer conn.Close()
	ex, ok := conn.(driver.ExecerContext)
	if !ok {
		return fmt.Errorf("sqlite driver connection %T cannot execute", conn)
	}
	exec := func(q string) error { _, err := ex.ExecContext(ctx, q, nil); return err }
	if err := exec(fmt.Sprintf("PRAGMA busy_timeout = %d", wait.Milliseconds())); err != nil {
		return classifyWrite(err)
	}
	if err := exec("BEGIN IMMEDIATE"); err != nil {
		return classifyWrite(err)
	}
	if err := exec(readinessUpsert); err != nil {
		_ = exec("ROLLBACK")
		return classifyWrite(err)
	}
	if err := exec("COMMIT"); err != nil {
		_ = exec("ROLLBACK")
		return classifyWrite(err)
	}
	return nil
}

// readinessUpsert is the one-row write CheckWrite commits, portable between the dialects.
const readinessUpsert = `INSERT INTO meta (key, value) VALUES ('readiness_probe', '1')
	ON CONFLICT (key) DO UPDATE SET value = excluded.value`

// classifyWrite names the SQLite result codes of a refused write.
func classifyWrite(err error) error {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return fmt.Errorf("%w: %v", ErrWriteLocked, err)
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM:
		return fmt.Errorf("%w: %v", ErrReadOnly, err)
	}
	return err
}
