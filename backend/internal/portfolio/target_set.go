package portfolio

import (
	"context"
	"database/sql"
	"errors"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// TargetSetSecurity is one security of a target set and its weight in percentage points.
type TargetSetSecurity struct {
	Code        string
	Description string
	Weight      float64
}

// GET /resourceful/portfolio/targetset: the caller's firm's target sets (models are the firm's
// reference data, like benchmarks).
func (m *Module) listTargetSets(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	return answerRows(c, q, params, func(scan func(...any) error) (map[string]any, error) {
		var id int64
		var description string
		err := scan(&id, &description)
		return map[string]any{"targetset_id": id, "description": description}, err
	}, `SELECT id, description FROM target_set WHERE firm_id = ? ORDER BY id`, p.FirmID)
}

// GET /resourceful/portfolio/account/:id/targetlink: the target sets the account follows.
func (m *Module) listTargetLinks(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, params, err := reachedByPath(c, q, p, access.CanReachAccount)
	if err != nil {
		return err
	}
	return answerRows(c, q, params, func(scan func(...any) error) (map[string]any, error) {
		var set int64
		err := scan(&set)
		return map[string]any{"targetset_id": set, "accountid": id}, err
	}, `SELECT target_set_id FROM account_target_link WHERE account_id = ? ORDER BY target_set_id`, id)
}

// GET /resourceful/portfolio/targetset/:id/allocation/security: the set's securities with
// their weights (BigDecimal, percentage points, 2 places), largest first. Another firm's set
// answers like a missing one.
func (m *Module) getTargetSetAllocation(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	var firm int64
	if err := q.QueryRowContext(ctx, `SELECT firm_id FROM target_set WHERE id = ?`, id).Scan(&firm); errors.Is(err, sql.ErrNoRows) || (err == nil && firm != p.FirmID) {
		return apierr.ErrNotFound
	} else if err != nil {
		return err
	}
	securities, err := LoadTargetSetSecurities(ctx, q, id)
	if err != nil {
		return err
	}
	items := make([]map[string]any, len(securities))
	for i, s := range securities {
		items[i] = map[string]any{"code": s.Code, "description": s.Description,
			"weight": resourceful.BigDecimal(calc.Round(s.Weight, calc.PercentDecimals), calc.PercentDecimals)}
	}
	answer(c, params, items)
	return nil
}

// LoadTargetSetSecurities reads a target set's securities, largest weight first, then by code.
// It does no access check.
func LoadTargetSetSecurities(ctx context.Context, q Querier, targetSetID int64) ([]TargetSetSecurity, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.code, s.description, ts.weight FROM target_set_security ts
		JOIN security s ON s.id = ts.security_id WHERE ts.target_set_id = ? ORDER BY ts.weight DESC, s.code`, targetSetID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []TargetSetSecurity{}
	for rows.Next() {
		var s TargetSetSecurity
		if err := rows.Scan(&s.Code, &s.Description, &s.Weight); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
