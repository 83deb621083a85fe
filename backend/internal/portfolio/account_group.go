package portfolio

import (
	"context"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// AccountGroup is a client's named set of accounts (spec 2 §3).
type AccountGroup struct {
	ID             int64
	EntityID       int64 // the client the group belongs to
	Code, Name     string
	ReportCurrency string
	// Members are the accounts the caller can reach, by id.
	Members []Account
}

// GET /resourceful/portfolio/group/account (code, name, entityid)
func (m *Module) listAccountGroups(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	v, err := resolveViewer(ctx, q, p, params)
	if err != nil {
		return err
	}
	items := []map[string]any{}
	if v.entityID == 0 {
		answer(c, params, items)
		return nil
	}
	code, name := strings.TrimSpace(params.String("code")), strings.ToLower(strings.TrimSpace(params.String("name")))
	groups, err := loadAccountGroups(ctx, q, p, `entity_id = ? ORDER BY group_name, id`, v.entityID)
	if err != nil {
		return err
	}
	for _, g := range groups {
		if code != "" && !strings.EqualFold(g.Code, code) {
			continue
		}
		if name != "" && !strings.Contains(strings.ToLower(g.Name), name) {
			continue
		}
		items = append(items, accountGroupItem(g))
	}
	answer(c, params, items)
	return nil
}

// GET /resourceful/portfolio/group/account/code/:code
func (m *Module) getAccountGroup(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	g, err := findAccountGroup(c.Request.Context(), q, p, params, c.Param("code"))
	if err != nil {
		return err
	}
	answer(c, params, accountGroupItem(g))
	return nil
}

// GET /resourceful/portfolio/group/account/code/:code/member
func (m *Module) listAccountGroupMembers(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	g, err := findAccountGroup(ctx, q, p, params, c.Param("code"))
	if err != nil {
		return err
	}
	v, err := loadViewer(ctx, q, g.EntityID)
	if err != nil {
		return err
	}
	items, err := describeAccounts(ctx, q, v, sortAccounts(g.Members, v))
	if err != nil {
		return err
	}
	answer(c, params, items)
	return nil
}

// accountGroupItem is the wire form of an account group: accounts are the members the group's
// client is a party of, relatedAccounts the members of related clients (a partner's).
func accountGroupItem(g AccountGroup) map[string]any {
	accounts, related := []int64{}, []int64{}
	for _, a := range g.Members {
		own := false
		for _, party := range a.Parties {
			own = own || party.EntityID == g.EntityID
		}
		if own {
			accounts = append(accounts, a.ID)
		} else {
			related = append(related, a.ID)
		}
	}
	return map[string]any{
		"group_code":      g.Code,
		"group_name":      g.Name,
		"report_currency": g.ReportCurrency,
		"entityid":        g.EntityID,
		"accounts":        accounts,
		"relatedAccounts": related,
	}
}

// findAccountGroup resolves an account group code for the caller. Codes are unique per client,
// so the group is looked for among the clients the caller can reach: the entityid parameter's
// only when given, else the caller's own first, then by group id. A group the caller cannot
// reach answers apierr.ErrNotFound, like a missing one.
func findAccountGroup(ctx context.Context, q Querier, p access.Principal, params resourceful.Params, code string) (AccountGroup, error) {
	entityID, named, err := params.Int64("entityid")
	if err != nil {
		return AccountGroup{}, err
	}
	where, args := `group_code = ? ORDER BY entity_id = ? DESC, id`, []any{code, p.EntityID}
	if named {
		where, args = `group_code = ? AND entity_id = ? ORDER BY id`, []any{code, entityID}
	}
	groups, err := loadAccountGroups(ctx, q, p, where, args...)
	if err != nil {
		return AccountGroup{}, err
	}
	if len(groups) == 0 {
		return AccountGroup{}, apierr.ErrNotFound
	}
	return groups[0], nil
}

// AccountIDs are the ids of the group's reachable members.
func (g AccountGroup) AccountIDs() []int64 {
	ids := make([]int64, len(g.Members))
	for i, a := range g.Members {
		ids[i] = a.ID
	}
	return ids
}

// loadAccountGroups reads the groups matching where whose client the caller can reach, with
// their reachable members.
func loadAccountGroups(ctx context.Context, q Querier, p access.Principal, where string, args ...any) ([]AccountGroup, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, entity_id, group_code, group_name, report_currency FROM account_group WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	var groups []AccountGroup
	for rows.Next() {
		var g AccountGroup
		if err := rows.Scan(&g.ID, &g.EntityID, &g.Code, &g.Name, &g.ReportCurrency); err != nil {
			rows.Close()
			return nil, err
		}
		groups = append(groups, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := groups[:0]
	for _, g := range groups {
		switch err := access.CanReachEntity(ctx, q, p, g.EntityID); err {
		case nil:
		case apierr.ErrNotFound:
			continue
		default:
			return nil, err
		}
		if g.Members, err = reachableMembers(ctx, q, p, g.ID); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// reachableMembers loads a group's member accounts the caller can reach: a partner's account
// stays in the group but drops out when the partner's data may no longer be shown.
func reachableMembers(ctx context.Context, q Querier, p access.Principal, groupID int64) ([]Account, error) {
	ids, err := int64Rows(ctx, q, `SELECT account_id FROM account_group_member WHERE group_id = ? ORDER BY account_id`, groupID)
	if err != nil {
		return nil, err
	}
	reachable := ids[:0]
	for _, id := range ids {
		switch err := access.CanReachAccount(ctx, q, p, id); err {
		case nil:
			reachable = append(reachable, id)
		case apierr.ErrNotFound:
		default:
			return nil, err
		}
	}
	return LoadAccounts(ctx, q, reachable)
}
