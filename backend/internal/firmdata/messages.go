package firmdata

import (
	"fmt"
	"time"

	"wealthportal/backend/internal/store"
)

// Message is one secure message or document of a client (spec 3 §3.1; package messages). From
// the client (FromClient) it is in the client's Sent folder ('Client Initiated'); otherwise it
// is the adviser's, in the Inbox ('Secure Message', or 'Document' when DocSubtype says so).
type Message struct {
	Client     string `json:"client"`
	Subject    string `json:"subject"`
	Body       string `json:"body,omitempty"` // sanitised HTML, as package messages stores it
	Created    string `json:"created"`        // RFC 3339 time
	DocType    string `json:"doctype,omitempty"`
	DocSubtype string `json:"docsubtype,omitempty"`
	FromClient bool   `json:"from_client,omitempty"`
	Important  bool   `json:"important,omitempty"`
	Read       bool   `json:"read,omitempty"`
}

// StandardDocTypes are the document types (code, name) a firm with messages gets.
var StandardDocTypes = [][2]string{
	{"LETTER", "Letter"}, {"VALUATION", "Valuation statement"}, {"TAX", "Tax certificate"},
	{"MESSAGE", "Secure message"}, {"REVIEW", "Annual review"}, {"CONTRACT", "Contract note"},
}

// messages checks each message: a known client, a subject, a creation time.
func (v *validator) messages() {
	for i, m := range v.f.Messages {
		path := fmt.Sprintf("messages[%d]", i)
		v.clientRef(path+".client", m.Client)
		v.required(path+".subject", m.Subject)
		if _, err := time.Parse(time.RFC3339, m.Created); err != nil {
			v.add(path+".created", "want an RFC 3339 time, got %q", m.Created)
		}
	}
}

// messages writes the firm's messages, with the categories (Important, General) and the
// standard document types they use, when it has any.
func (l *loader) messages() error {
	if len(l.f.Messages) == 0 {
		return nil
	}
	var important int64
	if err := l.tx.QueryRowContext(l.ctx, l.db.Rebind(`INSERT INTO doc_category (firm_id, name, important) VALUES (?, 'Important', 1) RETURNING id`),
		l.firmID).Scan(&important); err != nil {
		return err
	}
	if err := l.exec(`INSERT INTO doc_category (firm_id, name, important) VALUES (?, 'General', 0)`, l.firmID); err != nil {
		return err
	}
	for _, t := range StandardDocTypes {
		if err := l.exec(`INSERT INTO doc_type (firm_id, code, name) VALUES (?, ?, ?)`, l.firmID, t[0], t[1]); err != nil {
			return err
		}
	}
	notes := l.bulk("docnote", []string{"firm_id", "entity_id", "subject", "body", "created_at", "reference_date", "docsubtype",
		"doctype", "category_id", "is_client_access_accessible", "sender", "sender_entity_id", "attachment_count", "firstread"}, "")
	for _, m := range l.f.Messages {
		created, err := time.Parse(time.RFC3339, m.Created)
		if err != nil {
			return err
		}
		client := l.partyIDs[m.Client]
		sender, senderID, subtype := "adviser", any(nil), m.DocSubtype
		if adviser := l.f.Clients[l.ix.clients[m.Client]].Adviser; adviser != "" {
			senderID = l.partyIDs[adviser]
		}
		if m.FromClient {
			sender, senderID, subtype = "client", client, "Client Initiated"
		} else if subtype == "" {
			subtype = "Secure Message"
		}
		var category, read any
		if m.Important {
			category = important
		}
		if m.Read {
			read = store.FormatTime(created.Add(time.Hour))
		}
		doctype := m.DocType
		if doctype == "" {
			doctype = "MESSAGE"
		}
		notes.add(l.firmID, client, m.Subject, m.Body, store.FormatTime(created), created.UTC().Format("2006-01-02"), subtype,
			doctype, category, 1, sender, senderID, 0, read)
	}
	return notes.flush()
}

// BusyInboxMessages is how many messages the synthetic firm's first client (client1) holds:
// the case BenchmarkMessagesFirstPage measures (issue 16: 5,000).
const BusyInboxMessages = 5000

// busyInbox gives client a message every eight hours back from today: every 7th its own (Sent),
// every 50th important, the newest 30 and every 97th unread, the types in turn. It uses no
// random numbers, so the rest of the synthetic firm is what it was without it.
func busyInbox(client string, today time.Time) []Message {
	types := []string{"MESSAGE", "LETTER", "VALUATION", "MESSAGE", "CONTRACT", "TAX", "REVIEW"}
	out := make([]Message, 0, BusyInboxMessages)
	for i := range BusyInboxMessages {
		created := today.Add(-time.Duration(i+1) * 8 * time.Hour)
		out = append(out, Message{
			Client: client, Subject: fmt.Sprintf("Message %d about your portfolio", BusyInboxMessages-i),
			Body: "<p>Please see the details of your portfolio.</p>", Created: created.Format(time.RFC3339),
			DocType: types[i%len(types)], FromClient: i%7 == 3, Important: i%50 == 10, Read: i >= 30 && i%97 != 0,
		})
	}
	return out
}
