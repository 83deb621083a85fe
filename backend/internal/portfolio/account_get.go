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

// GET /resourceful/portfolio/account/:id
func (m *Module) getAccount(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	id, params, err := reachedByPath(c, q, p, access.CanReachAccount)
	if err != nil {
		return err
	}
	v, err := resolveViewer(ctx, q, p, params)
	if err != nil {
		return err
	}
	items, err := accountItems(ctx, q, v, []int64{id})
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return apierr.ErrNotFound
	}
	answer(c, params, items[0])
	return nil
}

// GET /resourceful/portfolio/account (accountids, exclude_default_accounts, entityid)
func (m *Module) listAccounts(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	ids, err := params.Int64s("accountids")
	if err != nil {
		return err
	}
	excludeDefault, err := params.Bool("exclude_default_accounts", false)
	if err != nil {
		return err
	}
	v, err := resolveViewer(ctx, q, p, params)
	if err != nil {
		return err
	}
	if len(ids) > 0 {
		ids = dedupe(ids)
		if err := checkAccounts(ctx, q, p, ids); err != nil {
			return err
		}
	} else if v.entityID != 0 {
		if ids, err = clientAccountIDs(ctx, q, p, v.entityID); err != nil {
			return err
		}
	}
	accounts, err := LoadAccounts(ctx, q, ids)
	if err != nil {
		return err
	}
	if excludeDefault {
		accounts = slices.DeleteFunc(accounts, func(a Account) bool { return a.IsDefault })
	}
	items, err := describeAccounts(ctx, q, v, sortAccounts(accounts, v))
	if err != nil {
		return err
	}
	answer(c, params, items)
	return nil
}

// GET /resourceful/portfolio/portfolio/:id/account
func (m *Module) listPortfolioAccounts(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	id, params, err := reachedByPath(c, q, p, access.CanReachPortfolio)
	if err != nil {
		return err
	}
	v, err := resolveViewer(ctx, q, p, params)
	if err != nil {
		return err
	}
	accounts, err := loadPortfolioAccounts(ctx, q, id)
	if err != nil {
		return err
	}
	items, err := describeAccounts(ctx, q, v, accounts)
	if err != nil {
		return err
	}
	answer(c, params, items)
	return nil
}

// accountItems loads and describes accounts in the order of ids.
func accountItems(ctx context.Context, q Querier, v viewer, ids []int64) ([]map[string]any, error) {
	accounts, err := LoadAccounts(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	return describeAccounts(ctx, q, v, accounts)
}

// sortAccounts orders accounts by the accounts ordering of spec 2 §9, then the performance
// sort order, then description and id.
func sortAccounts(accounts []Account, v viewer) []Account {
	slices.SortStableFunc(accounts, func(a, b Account) int {
		if c := comparePlacement(v.place(a.Parties, a.OwnerID, a.PType), v.place(b.Parties, b.OwnerID, b.PType)); c != 0 {
			return c
		}
		if c := strings.Compare(strings.ToLower(a.Description), strings.ToLower(b.Description)); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return accounts
}

// describeAccounts turns accounts into their wire form for the viewer.
func describeAccounts(ctx context.Context, q Querier, v viewer, accounts []Account) ([]map[string]any, error) {
	ids := make([]int64, len(accounts))
	for i, a := range accounts {
		ids[i] = a.ID
	}
	groups, err := loadAccountGroupRefs(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	last, err := loadLastTransactionDates(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	items := make([]map[string]any, len(accounts))
	for i, a := range accounts {
		items[i] = accountItem(a, v, v.groupOf(groups[a.ID], a.OwnerID))
		items[i]["lastTransactionDate"] = dateOf(last[a.ID])
	}
	return items, nil
}

// accountItem is the wire form of an account (spec 2 §3, spec 3 §3.5).
func accountItem(a Account, v viewer, group *groupRef) map[string]any {
	pl := v.place(a.Parties, a.OwnerID, a.PType)
	var groupCode, groupName any
	if group != nil {
		groupCode, groupName = group.code, group.name
	}
	var activeDate any
	if !a.ActiveDate.IsZero() {
		activeDate = resourceful.Date(a.ActiveDate)
	}
	return map[string]any{
		"accountid":             a.ID,
		"description":           a.Description,
		"portfolioid":           a.PortfolioID,
		"portfolioName":         a.PortfolioName,
		"entityid":              a.OwnerID,
		"account_owner":         a.OwnerName,
		"ptype":                 string(a.PType),
		"type":                  accountType(a.PType),
		"tax_structure":         a.TaxStructure,
		"product":               a.Product,
		"external_account_id":   a.ExternalAccountID,
		"subfund":               a.Subfund,
		"tax_type":              a.TaxType,
		"tax_type_title":        a.TaxTypeTitle,
		"service_type":          a.ServiceType,
		"plan_currency":         a.PlanCurrency,
		"report_currency":       a.ReportCurrency,
		"base_currency":         a.BaseCurrency,
		"active_date":           activeDate,
		"inception_date":        activeDate,
		"vendor_id":             a.VendorID,
		"blocked":               a.Blocked,
		"active":                a.Active,
		"is_default":            a.IsDefault,
		"reason_for_visibility": string(pl.reason),
		"sortOrder":             pl.sortOrderValue(),
		"isLinked":              pl.linked,
		"group_code":            groupCode,
		"group_name":            groupName,
		"account_group_code":    groupCode,
	}
}

// accountType is the account's type of spec 2 §3 (single, joint, shared).
func accountType(t calc.PortfolioType) string {
	return strings.ToLower(strings.TrimPrefix(string(t), "PT_"))
}

// groupRef is an account group an account belongs to.
type groupRef struct {
	entityID   int64
	code, name string
}

// loadAccountGroupRefs lists the account groups of each account, by code.
func loadAccountGroupRefs(ctx context.Context, q Querier, accountIDs []int64) (map[int64][]groupRef, error) {
	out := map[int64][]groupRef{}
	if len(accountIDs) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT m.account_id, g.entity_id, g.group_code, g.group_name
		FROM account_group_member m JOIN account_group g ON g.id = m.group_id
		WHERE m.account_id IN (`+placeholders(len(accountIDs))+`) ORDER BY g.group_code, g.id`, int64Args(accountIDs)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var accountID int64
		var g groupRef
		if err := rows.Scan(&accountID, &g.entityID, &g.code, &g.name); err != nil {
			return nil, err
		}
		out[accountID] = append(out[accountID], g)
	}
	return out, rows.Err()
}

// groupOf is the viewer's own account group holding the account (the first by code), or nil.
// Groups belong to clients, so another client's grouping of the same account is not shown.
func (v viewer) groupOf(refs []groupRef, ownerID int64) *groupRef {
	me := v.perspective(ownerID)
	for i := range refs {
		if refs[i].entityID == me {
			return &refs[i]
		}
	}
	return nil
}
