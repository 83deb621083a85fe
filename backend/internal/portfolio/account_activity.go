package portfolio

import (
	"context"
	"time"

	"wealthportal/backend/internal/calc"
)

// loadLastTransactionDates is the trade date of each account's latest transaction, any date,
// also one after today; an account without transactions is absent. It rides on the account
// answers so that a screen can hide accounts without transactions (spec 2 §5) from the list it
// already has: one grouped query over txn_account_date_idx, never a call per account.
func loadLastTransactionDates(ctx context.Context, q Querier, accountIDs []int64) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	if len(accountIDs) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT account_id, MAX(trade_date) FROM txn WHERE account_id IN (`+placeholders(len(accountIDs))+`)
		GROUP BY account_id`, int64Args(accountIDs)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var last string
		if err := rows.Scan(&id, &last); err != nil {
			return nil, err
		}
		d, err := calc.ParseDate(last)
		if err != nil {
			return nil, err
		}
		out[id] = d
	}
	return out, rows.Err()
}
