package messages

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// SubtypeValuationReport is the docsubtype of a valuation report the platform produced
// (package reports, issue 17).
const SubtypeValuationReport = "Valuation Report"

// SystemDocument is a document the platform itself files in a client's documents (a finished
// valuation report): one attachment, from the firm (sender adviser, no sender entity), in the
// client's received documents, unread.
type SystemDocument struct {
	FirmID, EntityID int64
	Subject          string
	Subtype          string // docsubtype, e.g. SubtypeValuationReport
	DocType          string // the firm's doc_type code, e.g. "VALUATION"
	Category         string // the firm's category by name; none when the firm has no such category
	FileName         string
	ContentType      string
	Content          []byte
}

// StoreSystemDocument files d and returns the document's id. q should be a transaction (the
// caller's, e.g. the one completing a report job) so the note, its attachment and the bytes
// land together or not at all. An empty file is refused, as for uploads.
func StoreSystemDocument(ctx context.Context, q resourceful.Querier, d SystemDocument, now time.Time) (int64, error) {
	if len(d.Content) == 0 {
		return 0, errors.New("messages: a system document needs content")
	}
	var category any
	if d.Category != "" {
		var id int64
		err := q.QueryRowContext(ctx, `SELECT id FROM doc_category WHERE firm_id = ? AND name = ? ORDER BY id LIMIT 1`, d.FirmID, d.Category).Scan(&id)
		switch {
		case err == nil:
			category = id
		case !errors.Is(err, sql.ErrNoRows):
			return 0, err
		}
	}
	id, err := resourceful.Insert(ctx, q, "docnote",
		[]string{"firm_id", "entity_id", "subject", "body", "created_at", "reference_date", "docsubtype", "doctype",
			"category_id", "is_client_access_accessible", "sender", "attachment_count"},
		d.FirmID, d.EntityID, d.Subject, "", store.FormatTime(now), now.UTC().Format("2006-01-02"), d.Subtype, d.DocType,
		category, 1, SenderAdviser, 1)
	if err != nil {
		return 0, err
	}
	part, err := resourceful.Insert(ctx, q, "docnote_attachment", []string{"docnote_id", "filename", "content_type", "size", "created_at"},
		id, d.FileName, d.ContentType, len(d.Content), store.FormatTime(now))
	if err != nil {
		return 0, err
	}
	if _, err := resourceful.Insert(ctx, q, "docnote_file", []string{"attachment_id", "content"}, part, d.Content); err != nil {
		return 0, err
	}
	return id, nil
}
