package portfolio

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// Portfolio is a portfolio with its parties (spec 2 §3, spec 3 §3.5).
type Portfolio struct {
	ID             int64
	OwnerID        int64
	Name           string
	PType          calc.PortfolioType
	ReportCurrency string
	Parties        []Party
}

// LoadPortfolios reads the portfolios with the given ids, in the order of ids; missing ids are
// left out. It does no access check.
func LoadPortfolios(ctx context.Context, q Querier, ids []int64) ([]Portfolio, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT id, entity_id, portfolio_name, ptype, report_currency FROM portfolio
		WHERE id IN (`+placeholders(len(ids))+`)`, int64Args(ids)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byID := map[int64]Portfolio{}
	for rows.Next() {
		var pf Portfolio
		var ptype string
		if err := rows.Scan(&pf.ID, &pf.OwnerID, &pf.Name, &ptype, &pf.ReportCurrency); err != nil {
			return nil, err
		}
		pf.PType, _ = calc.ParsePortfolioType(ptype)
		byID[pf.ID] = pf
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	parties, err := loadParties(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Portfolio, 0, len(byID))
	for _, id := range dedupe(ids) {
		if pf, ok := byID[id]; ok {
			pf.Parties = parties[id]
			out = append(out, pf)
		}
	}
	return out, nil
}

// GET /resourceful/portfolio/portfolio/:id
func (m *Module) getPortfolio(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	id, params, err := reachedByPath(c, q, p, access.CanReachPortfolio)
	if err != nil {
		return err
	}
	v, err := resolveViewer(ctx, q, p, params)
	if err != nil {
		return err
	}
	list, err := LoadPortfolios(ctx, q, []int64{id})
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return apierr.ErrNotFound
	}
	answer(c, params, portfolioItem(list[0], v))
	return nil
}

// GET /resourceful/portfolio/portfolio (portfolioids, entityid)
func (m *Module) listPortfolios(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	ids, err := params.Int64s("portfolioids")
	if err != nil {
		return err
	}
	v, err := resolveViewer(ctx, q, p, params)
	if err != nil {
		return err
	}
	if len(ids) > 0 {
		for _, id := range ids {
			if err := access.CanReachPortfolio(ctx, q, p, id); err != nil {
				return err
			}
		}
	} else if v.entityID != 0 {
		if ids, err = clientPortfolioIDs(ctx, q, p, v.entityID); err != nil {
			return err
		}
	}
	items, err := portfolioItems(ctx, q, v, ids)
	if err != nil {
		return err
	}
	answer(c, params, items)
	return nil
}

// GET /resourceful/entity/client/:id/portfolio
func (m *Module) listClientPortfolios(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	clientID, err := pathID(c, "id")
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	ids, err := clientPortfolioIDs(ctx, q, p, clientID)
	if err != nil {
		return err
	}
	v, err := loadViewer(ctx, q, clientID)
	if err != nil {
		return err
	}
	items, err := portfolioItems(ctx, q, v, ids)
	if err != nil {
		return err
	}
	answer(c, params, items)
	return nil
}

// portfolioItems loads portfolios and lists them in the accounts ordering of spec 2 §9, then
// the performance sort order, name and id.
func portfolioItems(ctx context.Context, q Querier, v viewer, ids []int64) ([]map[string]any, error) {
	list, err := LoadPortfolios(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(list, func(a, b Portfolio) int {
		if c := comparePlacement(v.place(a.Parties, a.OwnerID, a.PType), v.place(b.Parties, b.OwnerID, b.PType)); c != 0 {
			return c
		}
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	items := make([]map[string]any, len(list))
	for i, pf := range list {
		items[i] = portfolioItem(pf, v)
	}
	return items, nil
}

// portfolioItem is the wire form of a portfolio (spec 2 §3, spec 3 §3.5).
func portfolioItem(pf Portfolio, v viewer) map[string]any {
	pl := v.place(pf.Parties, pf.OwnerID, pf.PType)
	return map[string]any{
		"portfolioid":           pf.ID,
		"portfolio_name":        pf.Name,
		"entityid":              pf.OwnerID,
		"ptype":                 string(pf.PType),
		"report_currency":       pf.ReportCurrency,
		"reason_for_visibility": string(pl.reason),
		"isLinked":              pl.linked,
		"sortOrder":             pl.sortOrderValue(),
	}
}

// GET /resourceful/entity/client-v4/:id/account_user_visibility_link (account_group_only)
func (m *Module) listVisibilityLinks(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	clientID, err := pathID(c, "id")
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	groupOnly, err := params.Bool("account_group_only", false)
	if err != nil {
		return err
	}
	ids, err := clientAccountIDs(ctx, q, p, clientID)
	if err != nil {
		return err
	}
	links, err := VisibilityLinks(ctx, q, clientID, ids)
	if err != nil {
		return err
	}
	groups, err := loadAccountGroupRefs(ctx, q, ids)
	if err != nil {
		return err
	}
	v := viewer{entityID: clientID}
	items := []map[string]any{}
	for _, id := range ids {
		g := v.groupOf(groups[id], clientID)
		if groupOnly && g == nil {
			continue
		}
		var code any
		if g != nil {
			code = g.code
		}
		items = append(items, map[string]any{
			"entityid":   clientID,
			"accountid":  id,
			"visible":    links[id],
			"group_code": code,
		})
	}
	answer(c, params, items)
	return nil
}

// VisibilityLinks is whether each account is visible to the client: its
// account_user_visibility_link, visible when it has none.
func VisibilityLinks(ctx context.Context, q Querier, entityID int64, accountIDs []int64) (map[int64]bool, error) {
	out := make(map[int64]bool, len(accountIDs))
	for _, id := range accountIDs {
		out[id] = true
	}
	if len(accountIDs) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT account_id, visible FROM account_user_visibility_link
		WHERE entity_id = ? AND account_id IN (`+placeholders(len(accountIDs))+`)`, append([]any{entityID}, int64Args(accountIDs)...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var visible bool
		if err := rows.Scan(&id, &visible); err != nil {
			return nil, err
		}
		out[id] = visible
	}
	return out, rows.Err()
}
