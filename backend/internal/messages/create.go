package messages

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Draft is a new message as POST docnote-v2 takes it (docs/api-contract.md, issue 16).
type Draft struct {
	Subject         *string `json:"subject"`
	Body            string  `json:"body"`
	EntityID        int64   `json:"entity_id"`
	Accounts        []int64 `json:"accounts"`
	ReplyTo         *int64  `json:"reply_to"`
	AttachmentCount int     `json:"attachment_count"`
}

var (
	errNotJSON        = apierr.BadRequest("The request body is not a JSON object")
	errBadAttachments = apierr.BadRequest("attachment_count must be between 0 and 5.")
)

// readDraft decodes the request body: valid UTF-8 (checked before decoding, which would
// quietly replace bad bytes), one JSON object with known fields.
func readDraft(r *http.Request) (Draft, error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxCreateRequest+1))
	if err != nil {
		return Draft{}, apierr.BodyError(err, errNotJSON)
	}
	if len(raw) > maxCreateRequest {
		return Draft{}, errBodyTooLong
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return Draft{}, errNotJSON
	}
	if !utf8.Valid(raw) {
		return Draft{}, errInvalidUTF8
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var d Draft
	if err := dec.Decode(&d); err != nil || dec.More() {
		return Draft{}, errNotJSON
	}
	if d.AttachmentCount < 0 || d.AttachmentCount > maxAttachments {
		if d.AttachmentCount > maxAttachments {
			return Draft{}, errTooManyFiles
		}
		return Draft{}, errBadAttachments
	}
	return d, nil
}

// POST /resourceful/docnote-v2: a client's new message or reply, or (the adviser's side) an
// adviser's message to one of their clients.
func (m *Module) create(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	d, err := readDraft(c.Request)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	var id int64
	err = resourceful.WithTx(c, m.db, func(q resourceful.Querier) error {
		var err error
		id, err = m.Send(ctx, q, p, d)
		return err
	})
	if err != nil {
		return err
	}
	n, err := loadNote(ctx, q, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, n.item())
	return nil
}

// Send stores a new message from p (a client, or an adviser writing to one of their clients)
// after every rule of spec 3 §5, and returns its id. Nothing is stored when a rule refuses it;
// q should be a transaction so that the note and its accounts land together.
func (m *Module) Send(ctx context.Context, q resourceful.Querier, p access.Principal, d Draft) (int64, error) {
	var clientID, senderID int64
	sender, subtype := SenderClient, SubtypeClientInitiated
	switch p.Role {
	case access.RoleClient:
		if d.EntityID != 0 && d.EntityID != p.EntityID {
			return 0, apierr.ErrNotFound
		}
		clientID, senderID = p.EntityID, p.EntityID
	case access.RoleAdviser:
		if d.EntityID == 0 || (p.ClientInContext != 0 && d.EntityID != p.ClientInContext) {
			return 0, apierr.ErrNotFound
		}
		if err := isClientOf(ctx, q, p, d.EntityID); err != nil {
			return 0, err
		}
		clientID, senderID = d.EntityID, p.EntityID
		sender, subtype = SenderAdviser, SubtypeSecureMessage
		d.AttachmentCount = 0 // an adviser's message has no uploads through the portal
	default:
		return 0, apierr.ErrNotFound
	}
	v := viewer{p: p, clientID: clientID}
	if p.Role == access.RoleAdviser {
		v.p.ClientInContext = clientID
	}

	var subject string
	var err error
	if d.ReplyTo != nil {
		original, err := v.note(ctx, q, *d.ReplyTo)
		if err != nil {
			return 0, err
		}
		subject = replySubject(original.subject)
	} else {
		if d.Subject == nil {
			return 0, errSubjectRequired
		}
		if subject, err = cleanSubject(*d.Subject); err != nil {
			return 0, err
		}
	}
	body, err := cleanBody(m.policy, d.Body)
	if err != nil {
		return 0, err
	}
	accounts := dedupe(d.Accounts)
	if len(accounts) > 0 {
		reach := p
		if p.Role == access.RoleAdviser {
			reach.ClientInContext = clientID
		}
		errs, err := access.CanReachAccounts(ctx, q, reach, accounts)
		if err != nil {
			return 0, err
		}
		for _, e := range errs {
			if e != nil {
				return 0, e
			}
		}
	}
	var replyTo any
	if d.ReplyTo != nil {
		replyTo = *d.ReplyTo
	}
	now := m.now()
	id, err := resourceful.Insert(ctx, q, "docnote",
		[]string{"firm_id", "entity_id", "subject", "body", "created_at", "reference_date", "docsubtype", "doctype",
			"is_client_access_accessible", "sender", "sender_entity_id", "reply_to", "attachment_count"},
		p.FirmID, clientID, subject, body, store.FormatTime(now), now.UTC().Format("2006-01-02"), subtype, "MESSAGE",
		1, sender, senderID, replyTo, d.AttachmentCount)
	if err != nil {
		return 0, err
	}
	for _, a := range accounts {
		if _, err := resourceful.Insert(ctx, q, "docnote_account", []string{"docnote_id", "account_id"}, id, a); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// isClientOf checks that entityID is a client of the adviser p (404 otherwise).
func isClientOf(ctx context.Context, q resourceful.Querier, p access.Principal, entityID int64) error {
	var kind string
	var adviser, firm int64
	err := q.QueryRowContext(ctx, `SELECT entity_kind, COALESCE(adviser_entity_id, 0), firm_id FROM entity WHERE id = ?`, entityID).Scan(&kind, &adviser, &firm)
	if err != nil || kind != "client" || adviser != p.EntityID || firm != p.FirmID {
		if err == nil || errors.Is(err, sql.ErrNoRows) {
			return apierr.ErrNotFound
		}
		return err
	}
	return nil
}

func dedupe(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// SendAs is Send in a transaction of its own, for callers without a request (`portal message
// reply`).
func (m *Module) SendAs(ctx context.Context, p access.Principal, d Draft) (int64, error) {
	var id int64
	err := resourceful.InTx(ctx, m.db, func(q resourceful.Querier) error {
		var err error
		id, err = m.Send(ctx, q, p, d)
		return err
	})
	return id, err
}
