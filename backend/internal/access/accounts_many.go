package access

import (
	"context"
	"strings"

	"wealthportal/backend/internal/apierr"
)

// accountsPerQuery bounds one query's list of account ids (well under either dialect's limit of
// bound parameters).
const accountsPerQuery = 500

// CanReachAccounts is CanReachAccount for each of ids, in order: nil, apierr.ErrNotFound or the
// error that stopped the check, exactly as CanReachAccount would answer for that id. The
// portfolio parties of all the accounts are read in one query and each distinct party is
// checked once, where CanReachAccount read the parties and checked them again for every account:
// a 20-account client's dashboard made some 150 such queries, a round trip each on PostgreSQL
// (issue 13). err is a failure to read the parties.
func CanReachAccounts(ctx context.Context, q Querier, p Principal, ids []int64) (errs []error, err error) {
	parties := make(map[int64][]int64, len(ids))
	for start := 0; start < len(ids); start += accountsPerQuery {
		chunk := ids[start:min(start+accountsPerQuery, len(ids))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		rows, err := q.QueryContext(ctx, `SELECT a.id, pp.entity_id FROM account a
			JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id
			WHERE a.id IN (?`+strings.Repeat(", ?", len(chunk)-1)+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var account, entity int64
			if err := rows.Scan(&account, &entity); err != nil {
				rows.Close()
				return nil, err
			}
			parties[account] = append(parties[account], entity)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	reach := map[int64]error{} // by party: CanReachEntity's answer, asked once
	errs = make([]error, len(ids))
	for i, id := range ids {
		errs[i] = apierr.ErrNotFound
		for _, entity := range parties[id] {
			e, asked := reach[entity]
			if !asked {
				e = CanReachEntity(ctx, q, p, entity)
				reach[entity] = e
			}
			// As anyReachable: the first party reached, or the first error other than a refusal.
			if e != apierr.ErrNotFound {
				errs[i] = e
				break
			}
		}
	}
	return errs, nil
}
