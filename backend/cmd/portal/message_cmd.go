package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/store"
)

// runMessage is `portal message reply --adviser USERNAME --to DOC_ID --body TEXT`: the adviser's
// side of secure messages from the command line (the demo's "adviser replies", used by the e2e
// walk). The reply lands in the client's Inbox under the rules of the platform's own POST
// docnote-v2 for an adviser (package messages): the document must belong to one of the
// adviser's clients. It writes to the store the platform uses (PORTAL_DATA_DIR or
// PORTAL_DATABASE_URL).
func runMessage(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "reply" {
		return errors.New("usage: portal message reply --adviser USERNAME --to DOC_ID --body TEXT")
	}
	fs := flag.NewFlagSet("portal message reply", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sf, err := addStoreFlags(fs, getenv)
	if err != nil {
		return err
	}
	adviser := fs.String("adviser", "", "the adviser's username (demo.adviser or demo.adviser@client)")
	to := fs.Int64("to", 0, "the id of the client's message to reply to")
	body := fs.String("body", "", "the reply's text (HTML allowed as in a message body)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 || *adviser == "" || *to <= 0 || strings.TrimSpace(*body) == "" {
		fs.Usage()
		return errors.New("message reply: --adviser, --to and --body are required")
	}
	if err := sf.validate(); err != nil {
		return err
	}
	ctx := context.Background()
	db, err := sf.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	id, err := replyAsAdviser(ctx, db, time.Now, *adviser, *to, *body)
	if err != nil {
		return fmt.Errorf("message reply: %w", err)
	}
	fmt.Fprintf(stdout, "reply %d sent to the client's Inbox\n", id)
	return nil
}

// replyAsAdviser sends the adviser's reply to document to of one of their clients.
func replyAsAdviser(ctx context.Context, db *store.DB, now func() time.Time, username string, to int64, body string) (int64, error) {
	var p access.Principal
	err := db.QueryRowContext(ctx, db.Rebind(`SELECT u.id, u.entity_id, e.firm_id FROM app_user u JOIN entity e ON e.id = u.entity_id
		WHERE u.role_name = 'User' AND (LOWER(u.username) = LOWER(?) OR LOWER(u.username) = LOWER(?)) ORDER BY u.id LIMIT 1`),
		username, username+"@client").Scan(&p.UserID, &p.EntityID, &p.FirmID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errors.New("no adviser login of that name")
	}
	if err != nil {
		return 0, err
	}
	p.Role = access.RoleAdviser
	var client int64
	err = db.QueryRowContext(ctx, db.Rebind(`SELECT entity_id FROM docnote WHERE id = ?`), to).Scan(&client)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errors.New("no message of that id among the adviser's clients'")
	}
	if err != nil {
		return 0, err
	}
	// The command sends no notification, so it needs no sender.
	m, err := messages.New(db, now, notify.Unconfigured{})
	if err != nil {
		return 0, err
	}
	id, err := m.SendAs(ctx, p, messages.Draft{Body: body, EntityID: client, ReplyTo: &to})
	if err != nil {
		return 0, errors.New("the message is not one of the adviser's clients', or the text is refused: " + err.Error())
	}
	return id, nil
}
