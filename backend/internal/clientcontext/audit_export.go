package clientcontext

import (
	"context"
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"time"

	"wealthportal/backend/internal/store"
)

// Filter picks audit rows for the compliance export: from Since (a day, UTC) on, of one
// adviser (a username, any case) and of one client when given.
type Filter struct {
	Since    time.Time
	Adviser  string
	ClientID int64
}

// CSVHeader is the export's first row.
var CSVHeader = []string{"occurred_at", "adviser_user_id", "adviser_username", "client_entity_id", "action", "target", "remote_addr", "request_id"}

// ExportCSV writes the audit rows f picks to w as CSV (RFC 4180 quoting, encoding/csv), a
// header row first, oldest first, streamed row by row; it returns how many rows it wrote. Each
// filter has its index (migration 0017), so a day's rows of one adviser or client are a range
// scan however long the trail grows.
func ExportCSV(ctx context.Context, db *store.DB, f Filter, w io.Writer) (int, error) {
	where := []string{"occurred_at >= ?"}
	args := []any{store.FormatTime(f.Since)}
	if f.Adviser != "" {
		where = append(where, "lower(adviser_username) = lower(?)")
		args = append(args, f.Adviser)
	}
	if f.ClientID != 0 {
		where = append(where, "client_entity_id = ?")
		args = append(args, f.ClientID)
	}
	rows, err := db.QueryContext(ctx, db.Rebind(`SELECT `+auditColumns+` FROM audit_event WHERE `+
		strings.Join(where, " AND ")+` ORDER BY occurred_at, id`), args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	out := csv.NewWriter(w)
	if err := out.Write(CSVHeader); err != nil {
		return 0, err
	}
	n := 0
	for rows.Next() {
		var e Event
		var at string
		if err := rows.Scan(&at, &e.AdviserUserID, &e.AdviserUsername, &e.ClientID, &e.Action, &e.Target, &e.RemoteAddr, &e.RequestID); err != nil {
			return n, err
		}
		if err := out.Write([]string{at, strconv.FormatInt(e.AdviserUserID, 10), e.AdviserUsername, strconv.FormatInt(e.ClientID, 10),
			e.Action, e.Target, e.RemoteAddr, e.RequestID}); err != nil {
			return n, err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	out.Flush()
	return n, out.Error()
}
