// Package notify sends messages that leave the portal (SMS and email). Production firms plug
// their provider in behind Sender; in demo mode the development outbox keeps every message in
// the database and writes it to the server log, so a developer can read a login code.
package notify

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"wealthportal/backend/internal/store"
)

// Channels a message can go out on.
const (
	SMS   = "sms"
	Email = "email"
)

// Sender delivers one message to one recipient.
type Sender interface {
	Send(ctx context.Context, channel, recipient, body string) error
}

// DevOutbox is the demo-mode Sender: it stores messages and logs them.
type DevOutbox struct {
	DB  *store.DB
	Now func() time.Time
	Log *slog.Logger
}

// Send records the message in the outbox table and logs it with the recipient masked: the
// body (a demo code) is what a developer needs; the full phone number or address is not.
func (o *DevOutbox) Send(ctx context.Context, channel, recipient, body string) error {
	_, err := o.DB.ExecContext(ctx, o.DB.Rebind(`INSERT INTO outbox (channel, recipient, body, created_at) VALUES (?, ?, ?, ?)`),
		channel, recipient, body, store.FormatTime(o.Now()))
	if err != nil {
		return err
	}
	o.Log.InfoContext(ctx, "development outbox", "channel", channel, "to", Mask(recipient), "body", body)
	return nil
}

// Mask keeps the last two characters of a phone number or the domain of an email address.
func Mask(recipient string) string {
	for i := 0; i < len(recipient); i++ {
		if recipient[i] == '@' {
			return "***" + recipient[i:]
		}
	}
	if len(recipient) <= 2 {
		return "**"
	}
	return "***" + recipient[len(recipient)-2:]
}

// Message is one stored outbox entry.
type Message struct {
	ID        int64
	Channel   string
	Recipient string
	Body      string
}

// Latest returns the newest outbox messages for a recipient, newest first (used by tests and
// the development tools).
func (o *DevOutbox) Latest(ctx context.Context, recipient string, limit int) ([]Message, error) {
	rows, err := o.DB.QueryContext(ctx, o.DB.Rebind(`SELECT id, channel, recipient, body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT ?`), recipient, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.ID, &m.Channel, &m.Recipient, &m.Body); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// Unconfigured is the Sender used when no message provider is set up outside demo mode: it
// refuses, so a second-factor login fails loudly instead of silently sending nothing.
type Unconfigured struct{}

// Send always fails.
func (Unconfigured) Send(context.Context, string, string, string) error {
	return errors.New("no SMS or email provider is configured")
}
