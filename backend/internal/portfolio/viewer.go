package portfolio

import (
	"cmp"
	"context"
	"slices"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// viewer is the client from whose point of view reason_for_visibility, sortOrder, isLinked
// and account groups are given: the client in the path, the entityid parameter, or the
// calling client. An adviser who names no client has no viewer (entityID 0): each portfolio is
// then seen through its own owner's eyes.
type viewer struct {
	entityID int64
	// related are the client's partner and the other members of its client groups: their
	// portfolios count as the partner's in the performance sort order.
	related map[int64]bool
}

// resolveViewer reads the optional entityid parameter (which the caller must be able to
// reach), else takes the calling client.
func resolveViewer(ctx context.Context, q Querier, p access.Principal, params resourceful.Params) (viewer, error) {
	id, named, err := params.Int64("entityid")
	if err != nil {
		return viewer{}, err
	}
	switch {
	case named:
		if err := access.CanReachEntity(ctx, q, p, id); err != nil {
			return viewer{}, err
		}
	case p.IsClient():
		id = p.EntityID
	default:
		return viewer{related: map[int64]bool{}}, nil
	}
	return loadViewer(ctx, q, id)
}

// loadViewer builds the viewer for a client the caller has been checked to reach.
func loadViewer(ctx context.Context, q Querier, entityID int64) (viewer, error) {
	v := viewer{entityID: entityID, related: map[int64]bool{}}
	rows, err := q.QueryContext(ctx, `SELECT partner_entity_id FROM entity WHERE id = ? AND partner_entity_id IS NOT NULL
		UNION SELECT theirs.entity_id FROM client_group_member mine
		JOIN client_group_member theirs ON theirs.group_id = mine.group_id
		WHERE mine.entity_id = ? AND theirs.entity_id <> ?`, entityID, entityID, entityID)
	if err != nil {
		return v, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return v, err
		}
		v.related[id] = true
	}
	return v, rows.Err()
}

// perspective is whose point of view a portfolio owned by ownerID is seen from.
func (v viewer) perspective(ownerID int64) int64 {
	if v.entityID == 0 {
		return ownerID
	}
	return v.entityID
}

// reason is the reason_for_visibility of a portfolio for the viewer: the viewer's own party
// reason; for a portfolio seen only through a partner, the owner's reason; else the best one.
func (v viewer) reason(parties []Party, ownerID int64) calc.Visibility {
	for _, want := range []int64{v.perspective(ownerID), ownerID} {
		for _, p := range parties {
			if p.EntityID == want {
				return p.Reason
			}
		}
	}
	if len(parties) > 0 {
		return parties[0].Reason
	}
	return ""
}

// ownership is whose portfolio it is for the viewer (spec 2 §9): the viewer's own when the
// viewer owns it or holds it as a joint or shared owner; the partner's when a related client
// owns it; anyone else's otherwise (a portfolio seen through an explicit link).
func (v viewer) ownership(parties []Party, ownerID int64) calc.Ownership {
	me := v.perspective(ownerID)
	switch {
	case ownerID == me:
		return calc.OwnAccount
	case v.related[ownerID]:
		return calc.PartnerAccount
	}
	for _, p := range parties {
		if p.EntityID == me && !p.Reason.IsLinked() {
			return calc.OwnAccount
		}
	}
	return calc.OtherAccount
}

// placement is a portfolio's reason, performance sort order and linked flag for the viewer.
type placement struct {
	reason    calc.Visibility
	sortOrder int
	hasOrder  bool
	linked    bool
}

func (v viewer) place(parties []Party, ownerID int64, ptype calc.PortfolioType) placement {
	pl := placement{reason: v.reason(parties, ownerID)}
	pl.sortOrder, pl.hasOrder = calc.PerformanceSortOrder(v.ownership(parties, ownerID), ptype)
	pl.linked = pl.reason.IsLinked() || (pl.hasOrder && calc.IsLinkedSortOrder(pl.sortOrder))
	return pl
}

// sortOrderValue is the sortOrder field: null when the ptype is unknown.
func (pl placement) sortOrderValue() any {
	if !pl.hasOrder {
		return nil
	}
	return pl.sortOrder
}

// comparePlacement orders by the accounts ordering of spec 2 §9 (reason), then by the
// performance sort order, so a partner's single portfolio follows the client's own.
func comparePlacement(a, b placement) int {
	if c := cmp.Compare(a.reason.Rank(), b.reason.Rank()); c != 0 {
		return c
	}
	ao, bo := a.sortOrder, b.sortOrder
	if !a.hasOrder {
		ao = 99
	}
	if !b.hasOrder {
		bo = 99
	}
	return cmp.Compare(ao, bo)
}

// visibleRelated lists the related clients whose portfolios are shown with clientID's
// (spec 2 §6): members of clientID's client groups that are login_accessible, when clientID
// holds view_partner and the caller can reach them. For a client calling about itself this is
// exactly access.CanReachEntity's partner rule; an adviser gets the same list for the client in
// context.
func visibleRelated(ctx context.Context, q Querier, p access.Principal, clientID int64) ([]int64, error) {
	caps, err := access.Capabilities(ctx, q, p.FirmID, access.RoleClient, clientID)
	if err != nil {
		return nil, err
	}
	if !caps[access.ViewPartner] {
		return nil, nil
	}
	ids, err := int64Rows(ctx, q, `SELECT DISTINCT theirs.entity_id FROM client_group_member mine
		JOIN client_group_member theirs ON theirs.group_id = mine.group_id
		WHERE mine.entity_id = ? AND theirs.entity_id <> ? AND theirs.login_accessible = 1
		ORDER BY theirs.entity_id`, clientID, clientID)
	if err != nil {
		return nil, err
	}
	var out []int64
	for _, id := range ids {
		switch err := access.CanReachEntity(ctx, q, p, id); err {
		case nil:
			out = append(out, id)
		case apierr.ErrNotFound:
		default:
			return nil, err
		}
	}
	return out, nil
}

// clientPortfolioIDs lists the portfolios shown for a client: those it is a party of, and
// those its visible related clients own or co-own (not their explicit links).
func clientPortfolioIDs(ctx context.Context, q Querier, p access.Principal, clientID int64) ([]int64, error) {
	if err := access.CanReachEntity(ctx, q, p, clientID); err != nil {
		return nil, err
	}
	ids, err := int64Rows(ctx, q, `SELECT portfolio_id FROM portfolio_party WHERE entity_id = ? ORDER BY portfolio_id`, clientID)
	if err != nil {
		return nil, err
	}
	related, err := visibleRelated(ctx, q, p, clientID)
	if err != nil {
		return nil, err
	}
	for _, r := range related {
		theirs, err := int64Rows(ctx, q, `SELECT portfolio_id FROM portfolio_party
			WHERE entity_id = ? AND reason_for_visibility <> 'explicit_link' ORDER BY portfolio_id`, r)
		if err != nil {
			return nil, err
		}
		for _, id := range theirs {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return ids, nil
}

// clientAccountIDs lists the accounts of clientPortfolioIDs.
func clientAccountIDs(ctx context.Context, q Querier, p access.Principal, clientID int64) ([]int64, error) {
	portfolios, err := clientPortfolioIDs(ctx, q, p, clientID)
	if err != nil || len(portfolios) == 0 {
		return nil, err
	}
	return int64Rows(ctx, q, `SELECT id FROM account WHERE portfolio_id IN (`+placeholders(len(portfolios))+`) ORDER BY id`, int64Args(portfolios)...)
}

// checkAccounts answers apierr.ErrNotFound unless the caller can reach every account: one
// foreign id in a list answers like a missing one.
func checkAccounts(ctx context.Context, q Querier, p access.Principal, ids []int64) error {
	errs, err := access.CanReachAccounts(ctx, q, p, ids)
	if err != nil {
		return err
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// dedupe keeps the first of each id, in order.
func dedupe(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	seen := make(map[int64]bool, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func int64Rows(ctx context.Context, q Querier, query string, args ...any) ([]int64, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
