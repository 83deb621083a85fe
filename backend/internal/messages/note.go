package messages

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Document subtypes (spec 3 §3.1).
const (
	SubtypeClientInitiated = "Client Initiated"
	SubtypeSecureMessage   = "Secure Message"
	SubtypeDocument        = "Document"
)

// Senders of a document note.
const (
	SenderClient  = "client"
	SenderAdviser = "adviser"
)

// note is one docnote row without its body.
type note struct {
	id, firmID, entityID int64
	subject              string
	createdAt            string
	referenceDate        string
	docsubtype, doctype  string
	categoryID           sql.NullInt64
	clientAccessible     bool
	sender               string
	senderEntityID       sql.NullInt64
	attachmentCount      int
	firstread            sql.NullString
	// arrived is how many attachments are stored.
	arrived int
	// filled by withParts
	attachments []part
	accounts    []int64
}

// part is an attachment's metadata.
type part struct {
	id          int64
	filename    string
	contentType string
	size        int64
	createdAt   string
}

// noteColumns are the columns scanNote reads, in order.
const noteColumns = `d.id, d.firm_id, d.entity_id, d.subject, d.created_at, d.reference_date, d.docsubtype, d.doctype,
	d.category_id, d.is_client_access_accessible, d.sender, d.sender_entity_id, d.attachment_count, d.firstread,
	(SELECT COUNT(*) FROM docnote_attachment a WHERE a.docnote_id = d.id)`

type scanner interface{ Scan(...any) error }

func scanNote(s scanner) (note, error) {
	var n note
	var accessible int
	err := s.Scan(&n.id, &n.firmID, &n.entityID, &n.subject, &n.createdAt, &n.referenceDate, &n.docsubtype, &n.doctype,
		&n.categoryID, &accessible, &n.sender, &n.senderEntityID, &n.attachmentCount, &n.firstread, &n.arrived)
	n.clientAccessible = accessible == 1
	return n, err
}

// loadNote reads one note with its attachments and accounts; a missing id is apierr.ErrNotFound.
func loadNote(ctx context.Context, q resourceful.Querier, id int64) (note, error) {
	n, err := scanNote(q.QueryRowContext(ctx, `SELECT `+noteColumns+` FROM docnote d WHERE d.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return note{}, apierr.ErrNotFound
	}
	if err != nil {
		return note{}, err
	}
	notes := []note{n}
	if err := withParts(ctx, q, notes); err != nil {
		return note{}, err
	}
	return notes[0], nil
}

// withParts fills the attachments and linked accounts of notes, two queries for the lot.
func withParts(ctx context.Context, q resourceful.Querier, notes []note) error {
	if len(notes) == 0 {
		return nil
	}
	byID := make(map[int64]*note, len(notes))
	args := make([]any, len(notes))
	for i := range notes {
		byID[notes[i].id] = &notes[i]
		args[i] = notes[i].id
	}
	marks := placeholders(len(notes))
	rows, err := q.QueryContext(ctx, `SELECT docnote_id, id, filename, content_type, size, created_at FROM docnote_attachment
		WHERE docnote_id IN (`+marks+`) ORDER BY docnote_id, id`, args...)
	if err != nil {
		return err
	}
	for rows.Next() {
		var noteID int64
		var a part
		if err := rows.Scan(&noteID, &a.id, &a.filename, &a.contentType, &a.size, &a.createdAt); err != nil {
			rows.Close()
			return err
		}
		byID[noteID].attachments = append(byID[noteID].attachments, a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = q.QueryContext(ctx, `SELECT docnote_id, account_id FROM docnote_account WHERE docnote_id IN (`+marks+`)
		ORDER BY docnote_id, account_id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var noteID, account int64
		if err := rows.Scan(&noteID, &account); err != nil {
			return err
		}
		byID[noteID].accounts = append(byID[noteID].accounts, account)
	}
	return rows.Err()
}

// complete is false for a client's message whose announced attachments have not all arrived.
func (n note) complete() bool { return n.sender != SenderClient || n.arrived >= n.attachmentCount }

// item is the note as the list answers it (docs/api-contract.md, issue 16).
func (n note) item() map[string]any {
	categories := []int64{}
	if n.categoryID.Valid {
		categories = append(categories, n.categoryID.Int64)
	}
	attachments := make([]map[string]any, 0, len(n.attachments))
	for _, a := range n.attachments {
		attachments = append(attachments, map[string]any{"docpartid": a.id, "filename": a.filename})
	}
	accounts := n.accounts
	if accounts == nil {
		accounts = []int64{}
	}
	var firstread any
	if n.firstread.Valid {
		firstread = wireTime(n.firstread.String)
	}
	return map[string]any{
		"id":                          n.id,
		"subject":                     n.subject,
		"has_been_seen":               n.firstread.Valid,
		"created_date":                wireTime(n.createdAt),
		"reference_date":              n.referenceDate,
		"categories":                  categories,
		"entity_ids":                  []int64{n.entityID},
		"docsubtype":                  n.docsubtype,
		"doctype":                     n.doctype,
		"is_client_access_accessible": n.clientAccessible,
		"session_info":                map[string]any{"firstread": firstread},
		"accounts":                    accounts,
		"attachments":                 attachments,
		"sender":                      n.sender,
		"complete":                    n.complete(),
	}
}

// partItem is an attachment as attachment-v4 and documentAttachments answer it.
func (a part) item() map[string]any {
	return map[string]any{"docpartid": a.id, "filename": a.filename, "created_date": wireTime(a.createdAt),
		"size": a.size, "content_type": a.contentType}
}

// wireTime turns a stored timestamp into RFC 3339 in UTC to the second ("2026-11-20T09:14:00Z").
func wireTime(s string) string {
	t, err := store.ParseTime(s)
	if err != nil {
		return s
	}
	return t.UTC().Format("2006-01-02T15:04:05Z")
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }
