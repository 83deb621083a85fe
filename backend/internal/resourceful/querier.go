package resourceful

import (
	"context"
	"database/sql"

	"wealthportal/backend/internal/store"
)

// rebound runs SQL written once with ? placeholders on either dialect: every query passes
// through the store's Rebind on its way to the database or to the request's open transaction.
// Q and WithTx hand out nothing else, so no endpoint can forget to rebind.
type rebound struct {
	q  Querier
	db *store.DB
}

// ExecContext runs a statement with its placeholders rebound.
func (r rebound) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return r.q.ExecContext(ctx, r.db.Rebind(query), args...)
}

// QueryContext runs a query with its placeholders rebound.
func (r rebound) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return r.q.QueryContext(ctx, r.db.Rebind(query), args...)
}

// QueryRowContext runs a one-row query with its placeholders rebound.
func (r rebound) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return r.q.QueryRowContext(ctx, r.db.Rebind(query), args...)
}
