package access

import (
	"context"

	"wealthportal/backend/internal/apierr"
)

// CanReachAccount answers whether p may read an account: some party of the account's portfolio
// (owner, joint owner, sharer or explicit link) must be an entity p can reach. A refusal is
// apierr.ErrNotFound, like a missing account.
func CanReachAccount(ctx context.Context, q Querier, p Principal, accountID int64) error {
	parties, err := partyIDs(ctx, q, `SELECT pp.entity_id FROM account a
		JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id WHERE a.id = ?`, accountID)
	if err != nil {
		return err
	}
	return anyReachable(ctx, q, p, parties)
}

// CanReachPortfolio is CanReachAccount for a portfolio.
func CanReachPortfolio(ctx context.Context, q Querier, p Principal, portfolioID int64) error {
	parties, err := partyIDs(ctx, q, `SELECT entity_id FROM portfolio_party WHERE portfolio_id = ?`, portfolioID)
	if err != nil {
		return err
	}
	return anyReachable(ctx, q, p, parties)
}

// AccountIDsOf lists the accounts whose portfolio has entityID as a party, after checking that
// p can reach entityID. These are "the client's accounts" when a call names no account.
func AccountIDsOf(ctx context.Context, q Querier, p Principal, entityID int64) ([]int64, error) {
	if err := CanReachEntity(ctx, q, p, entityID); err != nil {
		return nil, err
	}
	return partyIDs(ctx, q, `SELECT a.id FROM account a
		JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id
		WHERE pp.entity_id = ? ORDER BY a.id`, entityID)
}

func partyIDs(ctx context.Context, q Querier, query string, arg int64) ([]int64, error) {
	rows, err := q.QueryContext(ctx, query, arg)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func anyReachable(ctx context.Context, q Querier, p Principal, entityIDs []int64) error {
	for _, id := range entityIDs {
		err := CanReachEntity(ctx, q, p, id)
		if err == nil {
			return nil
		}
		if err != apierr.ErrNotFound {
			return err
		}
	}
	return apierr.ErrNotFound
}
