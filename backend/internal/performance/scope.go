package performance

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/store"
)

// selection is the set of accounts one request measures, after authorisation.
type selection struct {
	AccountIDs []int64
	// ViewerID is whose point of view orders the accounts (spec 2 §9): the client logged in,
	// or for an adviser the client in context; 0 when not known yet (see describe).
	ViewerID int64
	// DefaultCurrency is the report currency when the request names none ("" to derive it).
	DefaultCurrency string
	// Group is set for the account-group routes.
	Group *accountGroup
}

// accountGroup is one row of account_group.
type accountGroup struct {
	ID             int64
	EntityID       int64
	Code           string
	Name           string
	ReportCurrency string
}

// viewerOf is the viewer for a principal: a client sees from its own entity; an adviser from
// the client in context, when the request names one.
func viewerOf(p access.Principal, entityID int64) int64 {
	if p.IsClient() {
		return p.EntityID
	}
	return entityID
}

// detailSelection resolves profit_analysis/detail's accounts: the accountid list, each of
// which the caller must reach, or else every account of the client (the caller's own client
// entity, or entityid, which an adviser must send).
func (r reader) detailSelection(ctx context.Context, p access.Principal, d detailParams) (selection, error) {
	if d.EntityID != 0 {
		if err := access.CanReachEntity(ctx, r.q, p, d.EntityID); err != nil {
			return selection{}, err
		}
	}
	sel := selection{ViewerID: viewerOf(p, d.EntityID)}
	if len(d.AccountIDs) > 0 {
		seen := map[int64]bool{}
		var ids []int64
		for _, id := range d.AccountIDs {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
		errs, err := access.CanReachAccounts(ctx, r.q, p, ids)
		if err != nil {
			return selection{}, err
		}
		for i, id := range ids {
			if errs[i] != nil {
				return selection{}, errs[i]
			}
			sel.AccountIDs = append(sel.AccountIDs, id)
		}
		return sel, nil
	}
	entity := d.EntityID
	if entity == 0 {
		if !p.IsClient() {
			return selection{}, apierr.BadRequest("entityid or accountid is required")
		}
		entity = p.EntityID
	}
	ids, err := access.AccountIDsOf(ctx, r.q, p, entity)
	sel.AccountIDs = ids
	return sel, err
}

// groupSelection resolves an account group by code. Codes are unique per client, so the group
// is the one of the client in context (entityid), else of the client logged in; an adviser
// who sends no entityid gets the one group with that code among their clients.
func (r reader) groupSelection(ctx context.Context, p access.Principal, code string, entityID int64) (selection, error) {
	if entityID == 0 && p.IsClient() {
		entityID = p.EntityID
	}
	query := `SELECT g.id, g.entity_id, g.group_code, g.group_name, g.report_currency
		FROM account_group g JOIN entity e ON e.id = g.entity_id
		WHERE g.group_code = ? AND e.firm_id = ?`
	args := []any{code, p.FirmID}
	if entityID != 0 {
		query += ` AND g.entity_id = ?`
		args = append(args, entityID)
	}
	rows, err := r.query(ctx, query+` ORDER BY g.id`, args...)
	if err != nil {
		return selection{}, err
	}
	var found []accountGroup
	err = store.ScanAll(rows, func() error {
		var g accountGroup
		if err := rows.Scan(&g.ID, &g.EntityID, &g.Code, &g.Name, &g.ReportCurrency); err != nil {
			return err
		}
		found = append(found, g)
		return nil
	})
	if err != nil {
		return selection{}, err
	}
	var reachable []accountGroup
	for _, g := range found {
		err := access.CanReachEntity(ctx, r.q, p, g.EntityID)
		if errors.Is(err, apierr.ErrNotFound) {
			continue
		}
		if err != nil {
			return selection{}, err
		}
		reachable = append(reachable, g)
	}
	switch len(reachable) {
	case 0:
		return selection{}, apierr.ErrNotFound
	case 1:
	default:
		return selection{}, apierr.BadRequest("several clients have an account group with this code: send entityid")
	}
	g := reachable[0]
	rows, err = r.query(ctx, `SELECT account_id FROM account_group_member WHERE group_id = ? ORDER BY account_id`, g.ID)
	if err != nil {
		return selection{}, err
	}
	ids, err := scanIDs(rows)
	if err != nil {
		return selection{}, err
	}
	sel := selection{ViewerID: viewerOf(p, g.EntityID), DefaultCurrency: g.ReportCurrency, Group: &g}
	errs, err := access.CanReachAccounts(ctx, r.q, p, ids)
	if err != nil {
		return selection{}, err
	}
	for i, id := range ids {
		// A member the caller cannot reach (an account of someone else's portfolio added to
		// the group) is left out rather than revealed.
		err := errs[i]
		if errors.Is(err, apierr.ErrNotFound) {
			continue
		}
		if err != nil {
			return selection{}, err
		}
		sel.AccountIDs = append(sel.AccountIDs, id)
	}
	return sel, nil
}

// portfolioSelection is every account of a portfolio the caller reaches.
func (r reader) portfolioSelection(ctx context.Context, p access.Principal, portfolioID int64) (selection, error) {
	if err := access.CanReachPortfolio(ctx, r.q, p, portfolioID); err != nil {
		return selection{}, err
	}
	var owner int64
	var currency string
	if err := r.queryRow(ctx, `SELECT entity_id, report_currency FROM portfolio WHERE id = ?`, portfolioID).Scan(&owner, &currency); err != nil {
		return selection{}, err
	}
	rows, err := r.query(ctx, `SELECT id FROM account WHERE portfolio_id = ? ORDER BY id`, portfolioID)
	if err != nil {
		return selection{}, err
	}
	ids, err := scanIDs(rows)
	return selection{AccountIDs: ids, ViewerID: viewerOf(p, owner), DefaultCurrency: currency}, err
}

// accountSelection is one account the caller reaches.
func (r reader) accountSelection(ctx context.Context, p access.Principal, accountID int64) (selection, error) {
	if err := access.CanReachAccount(ctx, r.q, p, accountID); err != nil {
		return selection{}, err
	}
	return selection{AccountIDs: []int64{accountID}, ViewerID: viewerOf(p, 0)}, nil
}

func scanIDs(rows *sql.Rows) ([]int64, error) {
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

// describe loads the selection's accounts and puts them in the order of spec 2 §9 as the viewer
// sees them: by performance sort order (own single 0 … other joint 6), then by reason for
// visibility, portfolio name, account description and id.
func (r reader) describe(ctx context.Context, sel selection) ([]accountInfo, error) {
	accts, err := r.loadAccounts(ctx, sel.AccountIDs)
	if err != nil || len(accts) == 0 {
		return accts, err
	}
	viewer := sel.ViewerID
	if viewer == 0 {
		viewer = accts[0].OwnerEntityID
	}
	parties, err := r.loadParties(ctx, sel.AccountIDs)
	if err != nil {
		return nil, err
	}
	partners, err := r.partnersOf(ctx, viewer)
	if err != nil {
		return nil, err
	}
	orderAccounts(accts, parties, viewer, partners)
	return accts, nil
}

// orderAccounts works out each account's visibility and sort order for the viewer and sorts.
func orderAccounts(accts []accountInfo, parties []party, viewer int64, partners map[int64]bool) {
	byPortfolio := map[int64][]party{}
	for _, p := range parties {
		byPortfolio[p.PortfolioID] = append(byPortfolio[p.PortfolioID], p)
	}
	for i := range accts {
		a := &accts[i]
		owner, vis := calc.OtherAccount, calc.ExplicitLink
		var partnerVis calc.Visibility
		for _, p := range byPortfolio[a.PortfolioID] {
			switch {
			case p.EntityID == viewer:
				vis = p.Reason
				if !p.Reason.IsLinked() {
					owner = calc.OwnAccount
				}
			case partners[p.EntityID] && !p.Reason.IsLinked() && partnerVis == "":
				partnerVis = p.Reason
			}
		}
		if owner != calc.OwnAccount && partnerVis != "" {
			owner, vis = calc.PartnerAccount, partnerVis
		}
		ptype, _ := calc.ParsePortfolioType(a.PType)
		order, ok := calc.PerformanceSortOrder(owner, ptype)
		if !ok {
			order = 6 // an unknown portfolio type sorts with the last kind
		}
		a.Visibility, a.SortOrder, a.Linked = vis, order, calc.IsLinkedSortOrder(order)
	}
	slices.SortStableFunc(accts, func(a, b accountInfo) int {
		return cmp.Or(
			cmp.Compare(a.SortOrder, b.SortOrder),
			cmp.Compare(a.Visibility.Rank(), b.Visibility.Rank()),
			strings.Compare(strings.ToLower(a.PortfolioName), strings.ToLower(b.PortfolioName)),
			strings.Compare(strings.ToLower(a.Description), strings.ToLower(b.Description)),
			cmp.Compare(a.ID, b.ID),
		)
	})
}

// opening is the selection's opening date: the earliest inception of its accounts (zero for
// none), the start of "Since inception" in spec 2 §4.
func opening(accts []accountInfo) time.Time {
	var first time.Time
	for _, a := range accts {
		if first.IsZero() || a.Inception.Before(first) {
			first = a.Inception
		}
	}
	return first
}

// reportCurrency is the currency to report in: the request's, else the selection's default
// (the group's or portfolio's), else the one the accounts share, else the firm's base currency.
func reportCurrency(requested string, sel selection, accts []accountInfo, firm string) string {
	if requested != "" {
		return requested
	}
	if sel.DefaultCurrency != "" {
		return strings.ToUpper(sel.DefaultCurrency)
	}
	shared := ""
	for i, a := range accts {
		c := strings.ToUpper(a.ReportCurrency)
		if i > 0 && c != shared {
			return strings.ToUpper(firm)
		}
		shared = c
	}
	if shared == "" {
		return strings.ToUpper(firm)
	}
	return shared
}

// today is the caller's civil date: now in the time zone of the caller's entity.
func (r reader) today(ctx context.Context, p access.Principal, now time.Time) (time.Time, error) {
	loc, err := r.entityZone(ctx, p.EntityID)
	if err != nil {
		return time.Time{}, err
	}
	return calc.ToDate(now.In(loc)), nil
}
