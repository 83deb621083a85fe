package messages_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The notification after sending goes to the client's adviser by email, naming the portal and
// the message's reference only: no subject, no body, no client name.
func TestEmailNotifiesTheAdviser(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var doc map[string]any
		f.postJSON(t, "alice", "docnote-v2", map[string]any{"subject": "Secret plans", "body": "My account number is 1234"}).decode(t, &doc)
		id := int(doc["id"].(float64))
		a := f.postJSON(t, "alice", "email/email", map[string]any{"docnote_id": id, "template_id": nil})
		if a.code != http.StatusOK {
			t.Fatalf("email: %d %s", a.code, a.raw)
		}
		if len(f.sender.sent) != 1 {
			t.Fatalf("sent %d", len(f.sender.sent))
		}
		m := f.sender.sent[0]
		want := fmt.Sprintf("You have a new secure message from your client in Northwind Online\n\n"+
			"You have a new secure message from your client in Northwind Online. Log in to read it (message reference %d).", id)
		if m.channel != "email" || m.to != "ann@northwind.example" || m.body != want {
			t.Errorf("sent %+v", m)
		}
		for _, leak := range []string{"Secret", "1234", "Alice", "Archer"} {
			if strings.Contains(m.body, leak) {
				t.Errorf("the email carries %q", leak)
			}
		}
		// With the named template, the same.
		if a := f.postJSON(t, "alice", "email/email", map[string]any{"docnote_id": id, "template_id": "secure_message"}); a.code != http.StatusOK {
			t.Errorf("named template: %d %s", a.code, a.raw)
		}
		for _, c := range []struct {
			name, user string
			body       map[string]any
			code       int
			msg        string
		}{
			{"unknown template", "alice", map[string]any{"docnote_id": id, "template_id": "nope"}, 400, "TemplateError"},
			{"the adviser's message", "alice", map[string]any{"docnote_id": 1}, 404, "Resource Not Found"},
			{"another client's message", "carol", map[string]any{"docnote_id": id}, 404, "Resource Not Found"},
			{"an adviser", "ann", map[string]any{"docnote_id": id}, 403, "Permission Error: access denied"},
		} {
			if a := f.postJSON(t, c.user, "email/email", c.body); a.code != c.code || !containsMessage(a.raw, c.msg) {
				t.Errorf("%s: %d %s", c.name, a.code, a.raw)
			}
		}
		f.sender.fail = true
		if a := f.postJSON(t, "alice", "email/email", map[string]any{"docnote_id": id}); a.code != http.StatusBadGateway || !containsMessage(a.raw, "NotificationError") {
			t.Errorf("sender down: %d %s", a.code, a.raw)
		}
		if a := f.get(t, "alice", "email/template/secure_message"); a.raw != `{"id":"secure_message","subject":"You have a new secure message from your client in Northwind Online"}` {
			t.Errorf("template: %s", a.raw)
		}
		if a := f.get(t, "alice", "email/template/other"); a.code != http.StatusNotFound {
			t.Errorf("unknown template: %d", a.code)
		}
	})
}

// An adviser without an email address: the client hears that no-one was notified.
func TestEmailWithoutAdviserAddress(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var doc map[string]any
		f.postJSON(t, "carol", "docnote-v2", map[string]any{"subject": "Hello", "body": "x"}).decode(t, &doc)
		a := f.postJSON(t, "carol", "email/email", map[string]any{"docnote_id": doc["id"]})
		if a.code != http.StatusBadGateway || !containsMessage(a.raw, "NotificationError") || len(f.sender.sent) != 0 {
			t.Errorf("no address: %d %s", a.code, a.raw)
		}
	})
}
