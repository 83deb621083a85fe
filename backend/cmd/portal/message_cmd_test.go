package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// `portal message reply` puts the adviser's reply in the client's Inbox ('RE: ' subject, sender
// adviser, unread); a message of another adviser's client, or an unknown adviser, is refused
// and nothing is written.
func TestMessageReplyCommand(t *testing.T) {
	eachCommandStore(t, func(t *testing.T, db *store.DB, dir, url string) {
		for _, q := range []string{
			`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Northwind', 'Northwind Online', 'GB')`,
			`INSERT INTO entity (id, firm_id, entity_kind, entity_name) VALUES (100, 1, 'adviser', 'Adams, Ann'), (101, 1, 'adviser', 'Baker, Ben')`,
			`INSERT INTO entity (id, firm_id, entity_kind, entity_name, adviser_entity_id) VALUES (1001, 1, 'client', 'Archer, Alice', 100)`,
			`INSERT INTO app_user (id, username, password_hash, role_name, entity_id, created_at) VALUES
				(1, 'ann@client', '', 'User', 100, '2026-01-01T00:00:00Z'), (2, 'ben@client', '', 'User', 101, '2026-01-01T00:00:00Z')`,
			`INSERT INTO docnote (id, firm_id, entity_id, subject, body, created_at, reference_date, docsubtype, sender, sender_entity_id, attachment_count)
				VALUES (7, 1, 1001, 'Pension question', '<p>Hi</p>', '2026-11-20T09:00:00.000000000Z', '2026-11-20', 'Client Initiated', 'client', 1001, 0)`,
		} {
			testdb.MustExec(t, db, q)
		}
		if err := db.SyncIdentities(t.Context(), db); err != nil {
			t.Fatal(err)
		}
		run := func(args ...string) (string, error) {
			var out bytes.Buffer
			err := dispatch(append([]string{"message", "reply", "--data-dir", dir, "--database-url", url}, args...), env(nil), &out, io.Discard)
			return out.String(), err
		}
		out, err := run("--adviser", "ann", "--to", "7", "--body", "<p>Happy to help.</p><script>x()</script>")
		if err != nil || !strings.HasPrefix(out, "reply ") {
			t.Fatalf("reply: %q %v", out, err)
		}
		var subject, body, sender, subtype string
		var firstread *string
		if err := db.QueryRow(`SELECT subject, body, sender, docsubtype, firstread FROM docnote WHERE reply_to = 7`).Scan(&subject, &body, &sender, &subtype, &firstread); err != nil {
			t.Fatal(err)
		}
		if subject != "RE: Pension question" || body != "<p>Happy to help.</p>" || sender != "adviser" || subtype != "Secure Message" || firstread != nil {
			t.Errorf("reply stored as %q %q %q %q %v", subject, body, sender, subtype, firstread)
		}
		for _, args := range [][]string{
			{"--adviser", "ben", "--to", "7", "--body", "x"},
			{"--adviser", "nobody", "--to", "7", "--body", "x"},
			{"--adviser", "ann", "--to", "99", "--body", "x"},
			{"--adviser", "ann", "--to", "7"},
		} {
			if _, err := run(args...); err == nil {
				t.Errorf("%v: no error", args)
			}
		}
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM docnote`).Scan(&n); err != nil || n != 2 {
			t.Errorf("%d notes, want 2", n)
		}
	})
}
