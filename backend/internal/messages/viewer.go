package messages

import (
	"context"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// viewer is whose messages a call reads: the client logged in, or the adviser's client in
// context. Advisers read the client's documents as they are, including those not visible to the
// client; clients see only the client-accessible ones.
type viewer struct {
	p        access.Principal
	clientID int64
}

// isClient reports whether the client itself is calling (not its adviser).
func (v viewer) isClient() bool { return v.p.IsClient() }

// viewerOf resolves the viewer of a read: an adviser needs a client in context.
func viewerOf(ctx context.Context, q resourceful.Querier, p access.Principal) (viewer, error) {
	switch p.Role {
	case access.RoleClient:
		return viewer{p: p, clientID: p.EntityID}, nil
	case access.RoleAdviser:
		if p.ClientInContext == 0 {
			return viewer{}, ErrNoClientInContext
		}
		if err := access.CanReachEntity(ctx, q, p, p.ClientInContext); err != nil {
			return viewer{}, err
		}
		return viewer{p: p, clientID: p.ClientInContext}, nil
	}
	return viewer{}, apierr.ErrNotFound
}

// canSee reports whether the viewer may see the documents of entityID: the client's own, or a
// related entity's the caller reaches (access.CanReachEntity: a partner or group member that is
// login_accessible, with view_partner). A refusal is apierr.ErrNotFound.
func (v viewer) canSee(ctx context.Context, q resourceful.Querier, entityID int64) error {
	if entityID == v.clientID {
		return nil
	}
	return access.CanReachEntity(ctx, q, v.p, entityID)
}

// entities are the entity_ids.N of a list (default: the client), each one checked.
func (v viewer) entities(ctx context.Context, q resourceful.Querier, params resourceful.Params) ([]int64, error) {
	ids, err := params.Int64s("entity_ids")
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return []int64{v.clientID}, nil
	}
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if err := v.canSee(ctx, q, id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

// note loads one document the viewer may see; any other id answers like a missing one.
func (v viewer) note(ctx context.Context, q resourceful.Querier, id int64) (note, error) {
	n, err := loadNote(ctx, q, id)
	if err != nil {
		return n, err
	}
	if n.firmID != v.p.FirmID || (v.isClient() && !n.clientAccessible) {
		return note{}, apierr.ErrNotFound
	}
	if err := v.canSee(ctx, q, n.entityID); err != nil {
		return note{}, err
	}
	return n, nil
}
