package portfolio

import (
	"context"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/resourceful"
)

// reachCheck is one of package access's checks of a single id (CanReachAccount,
// CanReachPortfolio).
type reachCheck func(ctx context.Context, q access.Querier, p access.Principal, id int64) error

// reachedByPath opens a handler of one resource named by its :id: the id (malformed answers
// 404, like a missing one), the request's parameters (malformed answers 400), then reach, so a
// foreign id answers exactly like a missing one. The order is the one every such handler kept.
func reachedByPath(c *gin.Context, q resourceful.Querier, p access.Principal, reach reachCheck) (int64, resourceful.Params, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return 0, nil, err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return 0, nil, badParams(err)
	}
	if err := reach(c.Request.Context(), q, p, id); err != nil {
		return 0, nil, err
	}
	return id, params, nil
}

// answerRows answers a list of one item a row of the query, made by item from the row (it is
// handed the row's Scan).
func answerRows(c *gin.Context, q resourceful.Querier, params resourceful.Params, item func(scan func(...any) error) (map[string]any, error), query string, args ...any) error {
	rows, err := q.QueryContext(c.Request.Context(), query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	items := []map[string]any{}
	for rows.Next() {
		it, err := item(rows.Scan)
		if err != nil {
			return err
		}
		items = append(items, it)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	answer(c, params, items)
	return nil
}
