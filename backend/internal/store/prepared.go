package store

import (
	"context"
	"database/sql"
	"sync"
)

// maxPrepared bounds the statement cache. Its keys are the query texts of the code (constants,
// never built from input), a few dozen; the bound only keeps a mistake from growing it.
const maxPrepared = 256

// statements is a DB's cache of prepared statements, by query text (already rebound).
// database/sql prepares a cached *sql.Stmt once on each pool connection it runs on and keeps it
// there, so a hot query is parsed and planned once per connection instead of on every call
// (SQLite spent a fifth of the portal's CPU in its parser and planner on the session/user path).
// On PostgreSQL pgx's own statement cache already did as much per connection; the named
// statement makes it explicit and costs nothing more.
type statements struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// prepared is the cached statement of query (rebound), preparing it on first use; nil when the
// cache is full or the statement cannot be prepared (the caller runs the query as text, which
// reports any error the same way).
func (db *DB) prepared(ctx context.Context, query string) *sql.Stmt {
	db.statements.mu.Lock()
	st, ok := db.statements.stmts[query]
	full := len(db.statements.stmts) >= maxPrepared
	db.statements.mu.Unlock()
	if ok || full {
		return st
	}
	// Prepared outside the lock: preparing waits for a connection, and other queries must not
	// wait behind it. Two first calls may both prepare; one statement is kept.
	st, err := db.DB.PrepareContext(context.WithoutCancel(ctx), query)
	if err != nil {
		return nil
	}
	db.statements.mu.Lock()
	defer db.statements.mu.Unlock()
	if kept, ok := db.statements.stmts[query]; ok {
		st.Close()
		return kept
	}
	if db.statements.stmts == nil {
		db.statements.stmts = map[string]*sql.Stmt{}
	}
	db.statements.stmts[query] = st
	return st
}

// QueryRowPrepared is QueryRowContext for a hot query, through a statement prepared once per
// pool connection (statements). query is written with ? placeholders (rebound here) and must be
// a constant of the code, never text built from input.
func (db *DB) QueryRowPrepared(ctx context.Context, query string, args ...any) *sql.Row {
	query = db.Rebind(query)
	if st := db.prepared(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return db.QueryRowContext(ctx, query, args...)
}

// ExecPrepared is ExecContext for a hot statement, prepared as QueryRowPrepared's are.
func (db *DB) ExecPrepared(ctx context.Context, query string, args ...any) (sql.Result, error) {
	query = db.Rebind(query)
	if st := db.prepared(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return db.ExecContext(ctx, query, args...)
}
