package journeys

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Module serves a client's journey statuses on the platform: GET and PATCH entity/client-v4/{id}.
type Module struct {
	db     *store.DB
	sender notify.Sender
}

// New builds the module; sender (required) carries the fact find's email to the adviser.
func New(db *store.DB, sender notify.Sender) (*Module, error) {
	if db == nil || sender == nil {
		return nil, errors.New("journeys: a store and a sender are required")
	}
	return &Module{db: db, sender: sender}, nil
}

// Register adds the routes to the authenticated /resourceful group.
func (m *Module) Register(r *gin.RouterGroup) {
	r.GET("/entity/client-v4/:id", m.handle(m.get))
	r.PATCH("/entity/client-v4/:id", m.handle(m.patch))
}

func (m *Module) handle(fn func(*gin.Context, resourceful.Querier, access.Principal, int64) error) gin.HandlerFunc {
	return apierr.Handler(func(c *gin.Context) error {
		p, ok := access.From(c.Request.Context())
		if !ok {
			return apierr.ErrNoSession
		}
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil || id <= 0 {
			return apierr.ErrNotFound
		}
		return fn(c, resourceful.Q(c, m.db), p, id)
	})
}

// readable are the fields GET answers (spec 3 §7.3), in the order they are listed.
var readable = []string{fieldReview, fieldFactFind, fieldRoboType, fieldRobo}

func (m *Module) get(c *gin.Context, q resourceful.Querier, p access.Principal, id int64) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	fields, err := askedFields(resourceful.Fields(params))
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	if err := access.CanReachEntity(ctx, q, p, id); err != nil {
		return err
	}
	r, err := load(ctx, q, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, answer(r, fields))
	return nil
}

func (m *Module) patch(c *gin.Context, q resourceful.Querier, p access.Principal, id int64) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	ctx := c.Request.Context()
	if err := access.CanReachEntity(ctx, q, p, id); err != nil {
		return err
	}
	// Only the client itself: not its partner, and not an adviser (who changes statuses in the
	// back office; the BFF refuses an adviser's write in context before it gets here).
	if !p.IsClient() || p.EntityID != id {
		return apierr.ErrForbidden
	}
	change, err := ParseChange(params)
	if err != nil {
		return err
	}
	before, err := load(ctx, q, id)
	if err != nil {
		return err
	}
	after, err := Apply(before, change)
	if err != nil {
		return err
	}
	if err := m.save(ctx, q, after); err != nil {
		return err
	}
	if change.EmailTemplateID != 0 {
		if err := m.emailAdviser(ctx, q, id, change.EmailTemplateID); err != nil {
			return err
		}
	}
	resourceful.JSON(c, http.StatusOK, answer(after, readable))
	return nil
}

// save writes the three changeable statuses back; the write runs in the request's transaction,
// so the adviser's email below fails it as a whole.
func (m *Module) save(ctx context.Context, q resourceful.Querier, r Record) error {
	_, err := q.ExecContext(ctx, `UPDATE entity SET xpt_review_status = ?, fact_find_status = ?, robo_journey_status = ? WHERE id = ?`,
		strconv.Itoa(int(r.Review)), r.FactFind, r.RoboJourneyStatus, r.ID)
	return err
}

// emailAdviser tells the client's adviser that the client would rather speak than fill in the
// fact find (spec 3 §4.3: the status goes with the email template id). The body names the
// client by id only: the development outbox logs bodies, and logs carry no personal data.
func (m *Module) emailAdviser(ctx context.Context, q resourceful.Querier, clientID, templateID int64) error {
	var email sql.NullString
	err := q.QueryRowContext(ctx, `SELECT a.preferred_email FROM entity c JOIN entity a ON a.id = c.adviser_entity_id WHERE c.id = ?`, clientID).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && strings.TrimSpace(email.String) == "") {
		return nil // no adviser or no address: the status in the back office is the message
	}
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Fact find: a client would like to speak to you instead of completing it.\n\nEmail template %d. Client entity %d.", templateID, clientID)
	return m.sender.Send(ctx, notify.Email, email.String, body)
}

// askedFields are the fields a GET names (all four when it names none); an unknown one is the
// platform's 400 'invalid field name: …', which the web app treats as no data (spec 3 §8).
func askedFields(fields []string) ([]string, error) {
	if len(fields) == 0 {
		return readable, nil
	}
	known := map[string]bool{}
	for _, f := range readable {
		known[f] = true
	}
	for _, f := range fields {
		if !known[f] {
			return nil, apierr.BadRequest("invalid field name: " + f)
		}
	}
	return fields, nil
}

// answer is the wire form: the id, the partner's id and the asked fields.
func answer(r Record, fields []string) map[string]any {
	out := map[string]any{"id": r.ID, fieldPartnerID: nil}
	if r.PartnerEntityID.Valid {
		out[fieldPartnerID] = r.PartnerEntityID.Int64
	}
	for _, f := range fields {
		switch f {
		case fieldReview:
			out[f] = int(r.Review)
		case fieldFactFind:
			out[f] = r.FactFind
		case fieldRoboType:
			out[f] = r.RoboJourneyType
		case fieldRobo:
			out[f] = r.RoboJourneyStatus
		}
	}
	return out
}
