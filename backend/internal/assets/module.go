package assets

import (
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Module is the platform's asset API: a client's investments, pensions, annuities and
// liabilities, their owners and their totals.
type Module struct {
	db *store.DB
	// now gives the date of the exchange rates that put amounts in the report currency.
	now func() time.Time
}

// New builds the asset module over the platform's store; now is the clock.
func New(db *store.DB, now func() time.Time) *Module { return &Module{db: db, now: now} }

// Register adds the asset routes to the authenticated /resourceful group (spec 2 §7 "Assets",
// "Asset totals"; spec 3 §7).
func (m *Module) Register(r *gin.RouterGroup) {
	for _, list := range Lists {
		r.GET("/entity/client/:id/"+list, m.handle(m.listRows(list)))
	}
	for _, list := range []string{ListAsset, ListAnnuity, ListLiability} {
		r.GET("/entity/client/:id/"+list+"/:index/owner", m.handle(m.listOwners(list)))
	}
	r.GET("/entity/client-v4/:id/total_amount", m.handle(m.totalAmount))
}

// handle serves an endpoint with its caller and querier (resourceful.Handle).
func (m *Module) handle(fn resourceful.Endpoint) gin.HandlerFunc { return resourceful.Handle(m.db, fn) }

// pathID reads a numeric path parameter; a malformed id answers like a missing one.
func pathID(c *gin.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apierr.ErrNotFound
	}
	return id, nil
}

// reachClient checks that the caller reaches the client of the path (spec 2 §6: its own, its
// partner's with view_partner and a login_accessible membership; an adviser their own clients,
// only the one in context when there is one) and reads it. Another client answers like a
// missing one.
func reachClient(c *gin.Context, q resourceful.Querier, p access.Principal) (Client, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return Client{}, err
	}
	if err := access.CanReachEntity(c.Request.Context(), q, p, id); err != nil {
		return Client{}, err
	}
	var kind string
	if err := q.QueryRowContext(c.Request.Context(), `SELECT entity_kind FROM entity WHERE id = ?`, id).Scan(&kind); err != nil || kind != "client" {
		if err != nil {
			return Client{}, err
		}
		return Client{}, apierr.ErrNotFound
	}
	return LoadClient(c.Request.Context(), q, id)
}

// listFilter reads list_filter: absent means every record the caller may see; otherwise a view
// of the wealth toggle with spec 3 §5's filters.
func listFilter(params resourceful.Params) (string, error) {
	switch v := params.String("list_filter"); v {
	case "", ViewManaged, ViewNonManaged, ViewEverything:
		return v, nil
	}
	return "", apierr.BadRequest("Invalid list_filter: must be managed, non_managed or everything")
}

// kept applies the caller's visibility and, when a view is named, spec 3 §5's filters and the view.
func kept(rows []Row, view, region string) []Row {
	out := make([]Row, 0, len(rows))
	for _, r := range rows {
		rec := r.Record()
		if !Visible(rec) {
			continue
		}
		if view != "" && (!Shown(rec, region) || !InView(rec, view)) {
			continue
		}
		out = append(out, r)
	}
	return out
}
