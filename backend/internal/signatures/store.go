package signatures

import (
	"context"
	"database/sql"
	"errors"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// request is a stored request to sign, without its PDF.
type request struct {
	ID, FirmID, EntityID int64
	Filename             string
	DueDate              sql.NullString
	Status               int
	Terms, SecureData    string
	DocnoteID            sql.NullInt64
	LastNotifiedAt       string
}

// signatory is a stored signatory with the name and e-mail address of its entity.
type signatory struct {
	ID, RequestID, EntityID int64
	EntityName, FirstName   string
	LastName, Email, Phone  string
	CanSign                 bool
	SignedAt                sql.NullString
	Method                  sql.NullInt64
}

// name is how the signature page names the signatory: first and last name, else the entity
// name.
func (s signatory) name() string {
	if s.FirstName != "" || s.LastName != "" {
		return s.FirstName + " " + s.LastName
	}
	return s.EntityName
}

const requestColumns = `r.id, r.firm_id, r.entity_id, r.filename, r.due_date, r.status, r.terms, r.secure_data, r.docnote_id, r.last_notified_at`

// visibleTo is the condition that a request r is in viewer's folder: it was sent to the viewer
// or names the viewer as a signatory, in the caller's firm.
const visibleTo = `r.firm_id = ? AND (r.entity_id = ? OR EXISTS (SELECT 1 FROM signature_signatory vs WHERE vs.request_id = r.id AND vs.entity_id = ?))`

func scanRequest(row interface{ Scan(...any) error }) (request, error) {
	var r request
	err := row.Scan(&r.ID, &r.FirmID, &r.EntityID, &r.Filename, &r.DueDate, &r.Status, &r.Terms, &r.SecureData, &r.DocnoteID, &r.LastNotifiedAt)
	return r, err
}

// listRequests lists the viewer's requests, newest notified first unless ascending, at most
// limit, only those of status when status is not nil.
func listRequests(ctx context.Context, q resourceful.Querier, firmID, viewer int64, status *int, ascending bool, limit int) ([]request, error) {
	query := `SELECT ` + requestColumns + ` FROM signature_request r WHERE ` + visibleTo
	args := []any{firmID, viewer, viewer}
	if status != nil {
		query += ` AND r.status = ?`
		args = append(args, *status)
	}
	if ascending {
		query += ` ORDER BY r.last_notified_at, r.id`
	} else {
		query += ` ORDER BY r.last_notified_at DESC, r.id DESC`
	}
	query += ` LIMIT ?`
	args = append(args, limit)
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []request{}
	for rows.Next() {
		r, err := scanRequest(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// loadRequest reads one request of the viewer's folder; any other is apierr.ErrNotFound.
func loadRequest(ctx context.Context, q resourceful.Querier, firmID, viewer, id int64) (request, error) {
	r, err := scanRequest(q.QueryRowContext(ctx, `SELECT `+requestColumns+` FROM signature_request r WHERE r.id = ? AND `+visibleTo,
		id, firmID, viewer, viewer))
	if errors.Is(err, sql.ErrNoRows) {
		return r, apierr.ErrNotFound
	}
	return r, err
}

const signatoryQuery = `SELECT s.id, s.request_id, s.entity_id, e.entity_name, e.first_name, e.last_name, e.preferred_email,
	s.phone, s.can_sign, s.signed_at, s.signing_method
	FROM signature_signatory s JOIN entity e ON e.id = s.entity_id`

func scanSignatory(row interface{ Scan(...any) error }) (signatory, error) {
	var s signatory
	var canSign int
	err := row.Scan(&s.ID, &s.RequestID, &s.EntityID, &s.EntityName, &s.FirstName, &s.LastName, &s.Email,
		&s.Phone, &canSign, &s.SignedAt, &s.Method)
	s.CanSign = canSign != 0
	return s, err
}

// listSignatories lists a request's signatories in the order they were named.
func listSignatories(ctx context.Context, q resourceful.Querier, requestID int64) ([]signatory, error) {
	rows, err := q.QueryContext(ctx, signatoryQuery+` WHERE s.request_id = ? ORDER BY s.id`, requestID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []signatory{}
	for rows.Next() {
		s, err := scanSignatory(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// loadSignatory reads a signatory of the request; one of another request is apierr.ErrNotFound.
func loadSignatory(ctx context.Context, q resourceful.Querier, requestID, id int64) (signatory, error) {
	s, err := scanSignatory(q.QueryRowContext(ctx, signatoryQuery+` WHERE s.id = ? AND s.request_id = ?`, id, requestID))
	if errors.Is(err, sql.ErrNoRows) {
		return s, apierr.ErrNotFound
	}
	return s, err
}

// setting is a firm's signing setting (sysadmin/digital_signature-v2).
type setting struct {
	Terms                     string
	SignTemplate, DeclineTmpl sql.NullString
	TimeZone                  string
}

// DefaultTerms are the terms shown when the firm has set none.
const DefaultTerms = "I agree to sign this document electronically. My electronic signature, confirmed with a one-time " +
	"security code sent to my registered phone number, has the same effect as my handwritten signature."

// loadSetting reads the firm's signing setting, with the defaults when it has none.
func loadSetting(ctx context.Context, q resourceful.Querier, firmID int64) (setting, error) {
	st := setting{Terms: DefaultTerms, TimeZone: "Europe/London"}
	err := q.QueryRowContext(ctx, `SELECT terms_and_conditions, sign_template_id, decline_template_id, time_zone
		FROM signature_setting WHERE firm_id = ?`, firmID).Scan(&st.Terms, &st.SignTemplate, &st.DeclineTmpl, &st.TimeZone)
	if errors.Is(err, sql.ErrNoRows) {
		return setting{Terms: DefaultTerms, TimeZone: "Europe/London"}, nil
	}
	if st.Terms == "" {
		st.Terms = DefaultTerms
	}
	return st, err
}
