package resourceful

import (
	"context"

	"wealthportal/backend/internal/store"
)

// InTx runs fn in a transaction of its own on db, committed when fn returns nil: WithTx for
// work that has no request (a command-line tool). Like Q, the querier rebinds ? placeholders.
func InTx(ctx context.Context, db *store.DB, fn func(Querier) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(rebound{q: tx, db: db}); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
