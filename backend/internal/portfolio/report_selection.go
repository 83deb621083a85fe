package portfolio

import (
	"context"
	"strconv"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/resourceful"
)

// FindAccountGroup resolves the account group code of client entityID for p with the account
// group calls' own rules (findAccountGroup): a group p cannot reach answers apierr.ErrNotFound
// like a missing one, and only the members p reaches are in it. For the valuation report
// (package reports).
func FindAccountGroup(ctx context.Context, q Querier, p access.Principal, entityID int64, code string) (AccountGroup, error) {
	return findAccountGroup(ctx, q, p, resourceful.Params{"entityid": strconv.FormatInt(entityID, 10)}, code)
}
