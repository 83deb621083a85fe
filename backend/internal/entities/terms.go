package entities

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// LoginDisclaimer is the desc the portal sends when a client accepts the site terms at login
// (spec 1 §7); it is also the default when none is sent.
const LoginDisclaimer = "Login Disclaimer"

// TermsAcceptance is a recorded acceptance of site terms.
type TermsAcceptance struct {
	ID         int64  `json:"id"`
	EntityID   int64  `json:"entity_id"`
	Desc       string `json:"desc"`
	Content    string `json:"content"`
	AgreedDate any    `json:"agreed_date"`
	RecordedAt string `json:"recorded_at"`
}

// POST /resourceful/entity/client-v3/:id/terms_and_conditions
func (m *Module) acceptTerms(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	t, err := AcceptTerms(c.Request.Context(), q, p, id, params, m.now())
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusCreated, t)
	return nil
}

// AcceptTerms records that a client accepted terms. Acceptance is the client's own act: an
// adviser (or a partner) who can reach the client gets 403, since agreeing on someone's behalf
// is not a thing the portal offers; a client the caller cannot reach is 404 as always.
// agreed_date is a typed Date, a YYYY-MM-DD string or an RFC 3339 time (its date is kept).
func AcceptTerms(ctx context.Context, q resourceful.Querier, p access.Principal, clientID int64, params resourceful.Params, now time.Time) (TermsAcceptance, error) {
	if err := requireClient(ctx, q, p, clientID); err != nil {
		return TermsAcceptance{}, err
	}
	if !p.IsClient() || p.EntityID != clientID {
		return TermsAcceptance{}, apierr.ErrForbidden
	}
	content := params.String("content")
	if strings.TrimSpace(content) == "" {
		return TermsAcceptance{}, apierr.BadRequest("content is required")
	}
	agreed, err := parseDate(params.String("agreed_date"))
	if err != nil {
		return TermsAcceptance{}, apierr.BadRequest("agreed_date must be a date (YYYY-MM-DD)")
	}
	desc := strings.TrimSpace(params.String("desc"))
	if desc == "" {
		desc = LoginDisclaimer
	}
	recorded := store.FormatTime(now)
	res, err := q.ExecContext(ctx, `INSERT INTO terms_acceptance (entity_id, description, content, agreed_date, recorded_at)
		VALUES (?, ?, ?, ?, ?)`, clientID, desc, content, agreed, recorded)
	if err != nil {
		return TermsAcceptance{}, err
	}
	rowID, err := res.LastInsertId()
	if err != nil {
		return TermsAcceptance{}, err
	}
	return TermsAcceptance{ID: rowID, EntityID: clientID, Desc: desc, Content: content,
		AgreedDate: resourceful.DateString(agreed), RecordedAt: now.UTC().Format(time.RFC3339)}, nil
}

// parseDate reads a date sent as YYYY-MM-DD or as an RFC 3339 time, answering YYYY-MM-DD.
func parseDate(v string) (string, error) {
	v = strings.TrimSpace(v)
	if t, err := time.Parse("2006-01-02", v); err == nil {
		return t.Format("2006-01-02"), nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return "", err
	}
	return t.Format("2006-01-02"), nil
}
