package entities

import (
	"context"
	"database/sql"

	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// reboundQuerier runs the module's SQL, written once with ? placeholders, on either dialect:
// every query passes through the store's Rebind on its way to the database or to the request's
// open transaction. It also serves access's checks, which take the same querier.
type reboundQuerier struct {
	q  resourceful.Querier
	db *store.DB
}

// ExecContext runs a statement with its placeholders rebound.
func (r reboundQuerier) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return r.q.ExecContext(ctx, r.db.Rebind(query), args...)
}

// QueryContext runs a query with its placeholders rebound.
func (r reboundQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return r.q.QueryContext(ctx, r.db.Rebind(query), args...)
}

// QueryRowContext runs a one-row query with its placeholders rebound.
func (r reboundQuerier) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return r.q.QueryRowContext(ctx, r.db.Rebind(query), args...)
}
