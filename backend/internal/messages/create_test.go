package messages_test

import (
	"net/http"
	"strings"
	"testing"

	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// A client's new message lands in Sent (Client Initiated, sender client) with its body
// sanitised and its accounts; complete only once the announced attachments arrived.
func TestCreateMessage(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var doc map[string]any
		a := f.postJSON(t, "alice", "docnote-v2", map[string]any{"subject": "  <b>ISA</b> top-up  ", "entity_id": 1001,
			"body":     "<p onclick=\"steal()\">Please <strong>top up</strong> my ISA \u20ac\u2603 <a href=\"javascript:alert(1)\">x</a><script>alert(1)</script></p>",
			"accounts": []int{11}, "attachment_count": 2})
		a.decode(t, &doc)
		if a.code != http.StatusOK {
			t.Fatalf("create: %d %s", a.code, a.raw)
		}
		// The subject is plain text: tags are kept as text (and escaped in JSON), never HTML.
		if doc["subject"] != "<b>ISA</b> top-up" || doc["docsubtype"] != "Client Initiated" || doc["sender"] != "client" ||
			doc["complete"] != false || doc["has_been_seen"] != false || doc["created_date"] != "2026-11-22T09:00:00Z" {
			t.Errorf("created: %v", doc)
		}
		if !strings.Contains(a.raw, `\u003cb\u003eISA`) {
			t.Errorf("the subject's tags reach JSON unescaped: %s", a.raw)
		}
		id := int64(doc["id"].(float64))
		var body string
		if err := db.QueryRow(db.Rebind(`SELECT body FROM docnote WHERE id = ?`), id).Scan(&body); err != nil {
			t.Fatal(err)
		}
		// Beyond Latin-1 (the euro sign and the snowman) stripped; handler, javascript: link and
		// script gone.
		if body != `<p>Please <strong>top up</strong> my ISA  x</p>` {
			t.Errorf("stored body: %q", body)
		}
		if sent := ids(f.list(t, "alice", "docsubtype=Client+Initiated&page_size=1")); len(sent) != 1 || sent[0] != int(id) {
			t.Errorf("not first in Sent: %v", sent)
		}
		// A reply: 'RE: ' and the original subject.
		a = f.postJSON(t, "alice", "docnote-v2", map[string]any{"subject": "ignored", "body": "Thanks", "reply_to": 4})
		a.decode(t, &doc)
		if a.code != http.StatusOK || doc["subject"] != "RE: Document 04" || doc["complete"] != true {
			t.Errorf("reply: %d %s", a.code, a.raw)
		}
	})
}

// Bad input is refused with a clear 400 or 404, never a 500, and nothing is stored.
func TestCreateRefusesBadInput(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		before := f.count(t, `SELECT COUNT(*) FROM docnote`)
		long := strings.Repeat("a", 10_000)
		for _, c := range []struct {
			name string
			body any
			code int
			msg  string
		}{
			{"0-byte body", "", 400, "The request body is not a JSON object"},
			{"not JSON", "subject=hi", 400, "The request body is not a JSON object"},
			{"invalid UTF-8 in the body", []byte("{\"subject\":\"Hi\",\"body\":\"caf\xe9\"}"), 400, "The message must be valid UTF-8 text."},
			{"invalid UTF-8 in the subject", []byte("{\"subject\":\"\xff\xfe\",\"body\":\"x\"}"), 400, "The message must be valid UTF-8 text."},
			{"no subject", map[string]any{"body": "x"}, 400, "Please enter a message subject."},
			{"blank subject", map[string]any{"subject": "   ", "body": "x"}, 400, "Please enter a message subject."},
			{"subject of 10,000 characters", map[string]any{"subject": long, "body": "x"}, 400, "Subject must be under 256 characters."},
			{"subject of 256 characters", map[string]any{"subject": long[:256], "body": "x"}, 400, "Subject must be under 256 characters."},
			{"body over 100,000 bytes", map[string]any{"subject": "Hi", "body": strings.Repeat("b", 100_001)}, 400, "The message is too long."},
			{"six attachments", map[string]any{"subject": "Hi", "body": "x", "attachment_count": 6}, 400, "You can upload a maximum of 5 attachments."},
			{"reply to another client's message", map[string]any{"body": "x", "reply_to": 48}, 404, "Resource Not Found"},
			{"reply to the hidden file note", map[string]any{"body": "x", "reply_to": 46}, 404, "Resource Not Found"},
			{"another client's account", map[string]any{"subject": "Hi", "body": "x", "accounts": []int{31}}, 404, "Resource Not Found"},
			{"as another entity", map[string]any{"subject": "Hi", "body": "x", "entity_id": 1003}, 404, "Resource Not Found"},
		} {
			a := f.postJSON(t, "alice", "docnote-v2", c.body)
			if a.code != c.code || !containsMessage(a.raw, c.msg) {
				t.Errorf("%s: %d %s, want %d %q", c.name, a.code, a.raw, c.code, c.msg)
			}
		}
		// 255 characters is the longest subject allowed.
		if a := f.postJSON(t, "alice", "docnote-v2", map[string]any{"subject": long[:255], "body": "x"}); a.code != http.StatusOK {
			t.Errorf("subject of 255: %d %s", a.code, a.raw)
		}
		if after := f.count(t, `SELECT COUNT(*) FROM docnote`); after != before+1 {
			t.Errorf("%d notes stored by the refused requests", after-before-1)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM docnote_account`); n != 1 {
			t.Errorf("%d account links, want the fixture's one", n)
		}
	})
}

// The adviser's side: an adviser's message to one of their clients lands in the client's
// Inbox; another adviser's client answers like a missing one.
func TestAdviserMessageLandsInTheClientsInbox(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var doc map[string]any
		a := f.postJSON(t, "ann", "docnote-v2", map[string]any{"body": "<p>Yes, happy to help.</p>", "entity_id": 1001, "reply_to": 45})
		a.decode(t, &doc)
		if a.code != http.StatusOK || doc["sender"] != "adviser" || doc["docsubtype"] != "Secure Message" || doc["subject"] != "RE: Document 45" {
			t.Fatalf("adviser's reply: %d %s", a.code, a.raw)
		}
		inbox := f.list(t, "alice", "docsubtype_exclude=Client+Initiated&page_size=1")
		if got := ids(inbox); len(got) != 1 || got[0] != int(doc["id"].(float64)) || inbox[0]["has_been_seen"] != false {
			t.Errorf("Alice's inbox starts with %v", inbox)
		}
		for _, c := range []struct {
			adviser string
			entity  int
		}{{"ben", 1001}, {"cat", 1001}, {"ann", 1003}, {"ann", 100}} {
			if a := f.postJSON(t, c.adviser, "docnote-v2", map[string]any{"subject": "Hi", "body": "x", "entity_id": c.entity}); a.code != http.StatusNotFound || a.raw != notFoundBody {
				t.Errorf("%s to %d: %d %s", c.adviser, c.entity, a.code, a.raw)
			}
		}
	})
}

// The body policy keeps a message's formatting and removes scripts, event handlers and
// javascript: URLs; images keep data, http and https sources only.
func TestBodyPolicy(t *testing.T) {
	p := messages.BodyPolicy()
	for in, want := range map[string]string{
		`<p>Hello<br><strong>bold</strong> <em>it</em></p><ul><li>one</li></ul><ol><li>two</li></ol>`: `<p>Hello<br><strong>bold</strong> <em>it</em></p><ul><li>one</li></ul><ol><li>two</li></ol>`,
		`<script>alert(1)</script>hi`:                                    `hi`,
		`<p onclick="x()" onmouseover="y()">hi</p>`:                      `<p>hi</p>`,
		`<a href="javascript:alert(1)">x</a>`:                            `x`,
		`<a href="JaVaScRiPt:alert(1)">x</a>`:                            `x`,
		`<a href="mailto:oliver@example.com">mail</a>`:                   `<a href="mailto:oliver@example.com" rel="noreferrer">mail</a>`,
		`<a href="https://example.com/a">a</a>`:                          `<a href="https://example.com/a" rel="noreferrer noopener" target="_blank">a</a>`,
		`<img src="https://example.com/i.png" onerror="x()">`:            `<img src="https://example.com/i.png">`,
		`<img src="data:image/png;base64,iVBORw0KGgo=">`:                 `<img src="data:image/png;base64,iVBORw0KGgo=">`,
		`<img src="javascript:alert(1)">`:                                ``,
		`<iframe src="https://evil.example"></iframe><style>p{}</style>`: ``,
	} {
		if got := p.Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}
