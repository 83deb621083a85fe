package firmdata

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// TestDocsMessagesExampleLoads keeps the messages section of docs/import-format.md honest: its
// example, added to the small firm, is valid and lands where the section says (Helen's Inbox
// and Important only, read; her Sent folder; Mark's Inbox, unread).
func TestDocsMessagesExampleLoads(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/import-format.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, found := strings.Cut(string(doc), "### `messages`")
	if !found {
		t.Fatal("the doc has no messages section")
	}
	block := fenced(section, "```json\n")
	var wrapper struct {
		Messages []Message `json:"messages"`
	}
	dec := json.NewDecoder(strings.NewReader("{" + block + "}"))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&wrapper); err != nil {
		t.Fatalf("the doc's messages example: %v", err)
	}
	if len(wrapper.Messages) != 3 {
		t.Fatalf("%d messages in the example, want 3", len(wrapper.Messages))
	}
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := smallFirm(t)
		f.Messages = wrapper.Messages
		if problems := Validate(f); len(problems) > 0 {
			t.Fatalf("the example is invalid: %v", problems)
		}
		if _, err := Load(context.Background(), db, f, LoadOptions{HashCost: 4}); err != nil {
			t.Fatal(err)
		}
		type row struct {
			subtype, doctype, sender string
			important, read          bool
			reference                string
		}
		got := map[string]row{}
		rows, err := db.Query(`SELECT e.first_name, d.subject, d.docsubtype, d.doctype, d.sender, d.category_id IS NOT NULL, d.firstread IS NOT NULL, d.reference_date
			FROM docnote d JOIN entity e ON e.id = d.entity_id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var who, subject string
			var r row
			if err := rows.Scan(&who, &subject, &r.subtype, &r.doctype, &r.sender, &r.important, &r.read, &r.reference); err != nil {
				t.Fatal(err)
			}
			got[who+": "+subject] = r
		}
		want := map[string]row{
			"Helen: Your annual review pack": {"Document", "LETTER", "adviser", true, true, "2026-11-02"},
			"Helen: Review meeting":          {"Client Initiated", "MESSAGE", "client", false, true, "2026-11-05"},
			"Mark: Your ISA allowance":       {"Secure Message", "MESSAGE", "adviser", false, false, "2026-11-20"},
		}
		if len(got) != len(want) {
			t.Fatalf("loaded %v, want %v", got, want)
		}
		for k, w := range want {
			if got[k] != w {
				t.Errorf("%s: %+v, want %+v", k, got[k], w)
			}
		}
	})
}
