package review

import (
	"errors"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Module is the platform's annual review API.
type Module struct {
	db  *store.DB
	now func() time.Time
}

// New builds the module over the platform's store; now (required) dates submissions.
func New(db *store.DB, now func() time.Time) (*Module, error) {
	if db == nil || now == nil {
		return nil, errors.New("review: a store and a clock are required")
	}
	return &Module{db: db, now: now}, nil
}

// Register adds the review routes to the authenticated /resourceful group.
func (m *Module) Register(r *gin.RouterGroup) {
	r.GET("/review/page", m.handle(m.pages))
	r.GET("/entity/client/:id/risk_profile/value/client", m.handle(m.riskProfile))
	r.GET("/entity/client-v4/:id/dependent", m.handle(m.dependents))
	r.GET("/entity/client-v4/:id/review/playback", m.handle(m.playback))
	r.GET("/entity/client-v4/:id/review", m.handle(m.latest))
	r.POST("/entity/client-v4/:id/review", m.handle(m.submit))
}

// handle serves an endpoint with its caller and querier (resourceful.Handle).
func (m *Module) handle(fn resourceful.Endpoint) gin.HandlerFunc { return resourceful.Handle(m.db, fn) }

// reachable reads the path's entity id and checks the caller may read it; anything else
// answers like a missing entity.
func reachable(c *gin.Context, q resourceful.Querier, p access.Principal) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, apierr.ErrNotFound
	}
	if err := access.CanReachEntity(c.Request.Context(), q, p, id); err != nil {
		return 0, err
	}
	return id, nil
}

// GET /resourceful/review/page: the caller's firm's review pages, in order.
func (m *Module) pages(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	pages, err := Definition(c.Request.Context(), q, p.FirmID)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, pages)
	return nil
}

// GET /resourceful/entity/client/:id/risk_profile/value/client: the client's risk profile.
func (m *Module) riskProfile(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := reachable(c, q, p)
	if err != nil {
		return err
	}
	rp, err := RiskProfileOf(c.Request.Context(), q, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, rp)
	return nil
}

// GET /resourceful/entity/client-v4/:id/dependent: the client's dependents.
func (m *Module) dependents(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := reachable(c, q, p)
	if err != nil {
		return err
	}
	deps, err := DependentsOf(c.Request.Context(), q, id)
	if err != nil {
		return err
	}
	out := make([]map[string]any, 0, len(deps))
	for _, d := range deps {
		item := map[string]any{"id": d.ID, "first_name": d.FirstName, "last_name": d.LastName,
			"relationship": d.Relationship, "dep_related_to": d.RelatedTo, "dob": nil}
		if d.DOB != "" {
			item["dob"] = resourceful.DateString(d.DOB)
		}
		out = append(out, item)
	}
	resourceful.JSON(c, 200, out)
	return nil
}

// GET /resourceful/entity/client-v4/:id/review/playback: the contact and personal details the
// review plays back, the partner's beside the client's when the caller may read them.
func (m *Module) playback(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := reachable(c, q, p)
	if err != nil {
		return err
	}
	values, err := PlaybackOf(c.Request.Context(), q, p, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, values)
	return nil
}

// GET /resourceful/entity/client-v4/:id/review: the latest review the client submitted or was
// answered for, or {"id": id, "submission": null}.
func (m *Module) latest(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := reachable(c, q, p)
	if err != nil {
		return err
	}
	s, err := latestSubmission(c.Request.Context(), q, id)
	if err != nil {
		return err
	}
	out := map[string]any{"id": id, "submission": nil}
	if s != nil {
		out["submission"] = s
	}
	resourceful.JSON(c, 200, out)
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }
