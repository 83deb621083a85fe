package entities

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// LoginDisclaimer is the desc the portal sends when a client accepts the site terms at login
// (spec 1 §7); it is also the default when none is sent.
const LoginDisclaimer = "Login Disclaimer"

// maxDescLength bounds an acceptance's desc (the portal sends "Login Disclaimer").
const maxDescLength = 100

// ErrNotCurrentTerms refuses an acceptance of anything but the firm's current site terms: the
// terms changed since the login showed them, or the content is not the terms at all.
var ErrNotCurrentTerms = apierr.New(http.StatusConflict, "content is not the firm's current site terms",
	"The site terms have changed. Please log in again to read and agree to the current terms.")

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
//
// The content must be the firm's current site terms (ErrNotCurrentTerms otherwise), so what a
// client can make the platform store is bounded by the firm's own text. The record keeps a
// SHA-256 of that text, not the text, and there is one record per client and version of the
// terms: agreeing to the same text again replaces the earlier record with a newer one (a newer
// id, which is what a firm's request to agree again, app_user.site_terms_after, looks for).
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
	var current string
	if err := q.QueryRowContext(ctx, `SELECT site_terms_disclaimer FROM firm WHERE id = ?`, p.FirmID).Scan(&current); err != nil {
		return TermsAcceptance{}, err
	}
	if strings.TrimSpace(current) == "" || strings.TrimSpace(content) != strings.TrimSpace(current) {
		return TermsAcceptance{}, ErrNotCurrentTerms
	}
	agreed, err := parseDate(params.String("agreed_date"))
	if err != nil {
		return TermsAcceptance{}, apierr.BadRequest("agreed_date must be a date (YYYY-MM-DD)")
	}
	desc := strings.TrimSpace(params.String("desc"))
	if desc == "" {
		desc = LoginDisclaimer
	}
	if utf8.RuneCountInString(desc) > maxDescLength {
		return TermsAcceptance{}, apierr.BadRequest("desc must be at most 100 characters")
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(current)))
	version := hex.EncodeToString(sum[:])
	recorded := store.FormatTime(now)
	// Through resourceful.Insert, so a write transaction's replays keep the id first answered.
	rowID, err := resourceful.Insert(ctx, q, "terms_acceptance",
		[]string{"entity_id", "description", "content", "content_sha256", "agreed_date", "recorded_at"},
		clientID, desc, "", version, agreed, recorded)
	if err != nil {
		return TermsAcceptance{}, err
	}
	// Every other record of this client and version goes, not only older ids: on PostgreSQL a
	// write transaction commits its acceptance with the id first answered, which can be lower
	// than one recorded meanwhile outside it.
	if _, err := q.ExecContext(ctx, `DELETE FROM terms_acceptance WHERE entity_id = ? AND content_sha256 = ? AND id <> ?`,
		clientID, version, rowID); err != nil {
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
