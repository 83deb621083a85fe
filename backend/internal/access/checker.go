package access

import (
	"context"
	"database/sql"
	"errors"

	"wealthportal/backend/internal/apierr"
)

// Querier runs SQL: the database or an open transaction (resourceful.Querier satisfies it).
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Capability names (spec 1 §3).
const (
	ViewPortfolio         = "view_portfolio"
	ViewMarketData        = "view_marketdata"
	LiveMarketDataAccess  = "live_marketdata_access"
	ViewPartner           = "view_partner"
	ModellingByTargetSets = "modelling_by_target_sets"
)

// KnownCapabilities are listed in every capability answer, true or false.
var KnownCapabilities = []string{ViewPortfolio, ViewMarketData, LiveMarketDataAccess, ViewPartner, ModellingByTargetSets}

// defaultCapabilities apply when neither the firm nor the entity sets a capability.
var defaultCapabilities = map[string]bool{ViewPortfolio: true}

// Capabilities resolves the capabilities of a role in a firm, for one entity when entityID is
// not zero: the entity's own grant wins over the firm's default for the role.
func Capabilities(ctx context.Context, q Querier, firmID int64, role string, entityID int64) (map[string]bool, error) {
	caps := make(map[string]bool, len(KnownCapabilities))
	for _, name := range KnownCapabilities {
		caps[name] = defaultCapabilities[name]
	}
	// Firm defaults first (entity_id NULL), then the entity's own rows override them.
	rows, err := q.QueryContext(ctx, `SELECT capability, enabled FROM capability_grant
		WHERE firm_id = ? AND role_name = ? AND (entity_id IS NULL OR entity_id = ?)
		ORDER BY entity_id IS NOT NULL`, firmID, role, entityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var on bool
		if err := rows.Scan(&name, &on); err != nil {
			return nil, err
		}
		caps[name] = on
	}
	return caps, rows.Err()
}

// CanReachEntity answers whether p may read or change the data of entityID:
//   - nobody reaches an entity of another firm;
//   - an adviser (User) reaches their own entity and the clients whose adviser they are; with a
//     client in context (Principal.ClientInContext), only that client and what it reaches;
//   - a client reaches its own entity, and another member of its client group only when that
//     member is login_accessible and the client holds view_partner.
//
// A refusal is apierr.ErrNotFound, the same answer as a missing entity, so that other clients'
// ids cannot be probed.
func CanReachEntity(ctx context.Context, q Querier, p Principal, entityID int64) error {
	var firmID int64
	var adviserID sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT firm_id, adviser_entity_id FROM entity WHERE id = ?`, entityID).Scan(&firmID, &adviserID)
	if errors.Is(err, sql.ErrNoRows) {
		return apierr.ErrNotFound
	}
	if err != nil {
		return err
	}
	if firmID != p.FirmID {
		return apierr.ErrNotFound
	}
	if entityID == p.EntityID {
		return nil
	}
	switch p.Role {
	case RoleAdviser:
		if !adviserID.Valid || adviserID.Int64 != p.EntityID {
			return apierr.ErrNotFound
		}
		if p.ClientInContext == 0 || entityID == p.ClientInContext {
			return nil
		}
		// With a client in context, the adviser sees what that client would: its partner and
		// group members only under the client's own rule (login_accessible, view_partner).
		return CanReachEntity(ctx, q, Principal{EntityID: p.ClientInContext, FirmID: p.FirmID, Role: RoleClient}, entityID)
	case RoleClient:
		ok, err := isAccessibleGroupMember(ctx, q, p.EntityID, entityID)
		if err != nil || !ok {
			return notFoundOr(err)
		}
		caps, err := Capabilities(ctx, q, p.FirmID, p.Role, p.EntityID)
		if err != nil {
			return err
		}
		if !caps[ViewPartner] {
			return apierr.ErrNotFound
		}
		return nil
	}
	return apierr.ErrNotFound
}

// isAccessibleGroupMember reports whether member shares a client group with self and is
// login_accessible in it.
func isAccessibleGroupMember(ctx context.Context, q Querier, self, member int64) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM client_group_member mine
		JOIN client_group_member theirs ON theirs.group_id = mine.group_id
		WHERE mine.entity_id = ? AND theirs.entity_id = ? AND theirs.login_accessible = 1`, self, member).Scan(&n)
	return n > 0, err
}

func notFoundOr(err error) error {
	if err != nil {
		return err
	}
	return apierr.ErrNotFound
}
