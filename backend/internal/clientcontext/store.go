package clientcontext

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/bff"
	"wealthportal/backend/internal/siteaccess"
	"wealthportal/backend/internal/store"
)

// ClientInContext is the answer's client in context: spec 3 §3.4's fields plus the portal view
// the adviser chose and whether the client has access of its own.
type ClientInContext struct {
	ID                int64            `json:"id"`
	EntityID          int64            `json:"entity_id"`
	DisplayName       string           `json:"display_name"`
	PreferredCurrency string           `json:"preferred_currency"`
	IsPreviewMode     bool             `json:"is_preview_mode"`
	LastLoginDatetime *string          `json:"last_login_datetime"`
	UserTimezone      string           `json:"user_timezone"`
	SiteAccessLevel   siteaccess.Level `json:"site_access_level"`
	HasClientAccess   bool             `json:"has_client_access"`
}

// Context is an adviser session's client in context as its row holds it; the zero value is
// none.
type Context struct {
	ClientID  int64
	PartnerID int64
	UserID    int64 // the client's login, 0 when it has none
	Level     siteaccess.Level
	// Adviser is the adviser's username, written into the audit rows.
	Adviser string
	Answer  ClientInContext
}

// Check is what bff.AdviserMayCall compares a call against.
func (c Context) Check() bff.InContext {
	return bff.InContext{ClientID: c.ClientID, PartnerID: c.PartnerID, UserID: c.UserID, Level: c.Level}
}

// Event is one row of the audit trail.
type Event struct {
	ID              int64
	At              time.Time
	AdviserUserID   int64
	AdviserUsername string
	ClientID        int64
	Action          string // ActionOpen ...
	Target          string // a route pattern, or a resource kind and id; never a query or body
	RemoteAddr      string
	RequestID       string
}

// Audit actions.
const (
	ActionOpen       = "open"
	ActionPortalView = "portal_view"
	ActionClose      = "close"
	ActionView       = "view"
	ActionDownload   = "download"
)

// Store keeps the client in context in the BFF session row and appends the audit trail; both
// live in the portal's own store (in remote mode too).
type Store struct{ DB *store.DB }

// Get reads a session row's client in context; a row that is gone (revoked meanwhile) has none.
func (s Store) Get(ctx context.Context, key []byte) (Context, error) {
	var c Context
	var level, answer string
	err := s.DB.QueryRowContext(ctx, s.DB.Rebind(`SELECT context_client_id, context_partner_id, context_user_id, context_level, context_adviser, context_answer
		FROM bff_session WHERE id_hash = ? AND revoked_at IS NULL`), key).
		Scan(&c.ClientID, &c.PartnerID, &c.UserID, &level, &c.Adviser, &answer)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && c.ClientID == 0) {
		return Context{}, nil
	}
	if err != nil {
		return Context{}, err
	}
	c.Level = siteaccess.Level(level)
	if err := json.Unmarshal([]byte(answer), &c.Answer); err != nil {
		return Context{}, err
	}
	return c, nil
}

// Set stores a session row's client in context (nil: none) and appends events, in one
// transaction: the row never says one thing while the trail says another. A session revoked
// meanwhile answers apierr.ErrNoSession.
func (s Store) Set(ctx context.Context, key []byte, c *Context, events []Event) error {
	var next Context
	answer := ""
	if c != nil {
		next = *c
		b, err := json.Marshal(c.Answer)
		if err != nil {
			return err
		}
		answer = string(b)
	}
	return s.DB.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.DB.Rebind(`UPDATE bff_session SET context_client_id = ?, context_partner_id = ?,
			context_user_id = ?, context_level = ?, context_adviser = ?, context_answer = ? WHERE id_hash = ? AND revoked_at IS NULL`),
			next.ClientID, next.PartnerID, next.UserID, string(next.Level), next.Adviser, answer, key)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return apierr.ErrNoSession
		}
		return appendEvents(ctx, s.DB, tx, events)
	})
}

// Append adds events to the audit trail in one statement.
func (s Store) Append(ctx context.Context, events []Event) error {
	return appendEvents(ctx, s.DB, s.DB, events)
}

// auditColumns are audit_event's columns in the order appendEvents binds them.
const auditColumns = `occurred_at, adviser_user_id, adviser_username, client_entity_id, action, target, remote_addr, request_id`

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// appendEvents is one multi-row INSERT: a batch of 50 items costs one statement, not 50.
func appendEvents(ctx context.Context, db *store.DB, ex execer, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	rows := make([]string, len(events))
	args := make([]any, 0, 8*len(events))
	for i, e := range events {
		rows[i] = "(?, ?, ?, ?, ?, ?, ?, ?)"
		args = append(args, store.FormatTime(e.At), e.AdviserUserID, e.AdviserUsername, e.ClientID, e.Action, e.Target, e.RemoteAddr, e.RequestID)
	}
	_, err := ex.ExecContext(ctx, db.Rebind(`INSERT INTO audit_event (`+auditColumns+`) VALUES `+strings.Join(rows, ", ")), args...)
	return err
}
