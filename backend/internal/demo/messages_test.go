package demo

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/gabriel-vasile/mimetype"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// demo.client's documents: about 25 over the last 18 months, 3 unread, 2 important, her two
// messages in Sent with the adviser's replies, a tax certificate, a file note she cannot see,
// one letter to her partner; dated back from the seed's today.
func TestSeedMessages(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		count := func(where string) int {
			t.Helper()
			var n int
			q := `SELECT COUNT(*) FROM docnote d JOIN app_user u ON u.entity_id = d.entity_id WHERE u.username = 'demo.client' AND ` + where
			if err := db.QueryRow(q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		for _, c := range []struct {
			what  string
			where string
			want  int
		}{
			// 19 listed documents (one is James's), 6 valuations and 2 replies: 26.
			{"documents", "1=1", 26},
			{"unread", "d.firstread IS NULL AND d.is_client_access_accessible = 1", 3},
			{"important", "d.category_id = (SELECT id FROM doc_category WHERE name = 'Important' AND firm_id = d.firm_id)", 2},
			{"sent", "d.docsubtype = 'Client Initiated'", 2},
			{"replies", "d.reply_to IS NOT NULL AND d.sender = 'adviser'", 2},
			{"tax certificates", "d.doctype = 'TAX'", 1},
			{"hidden from her", "d.is_client_access_accessible = 0", 1},
			{"older than 18 months", "d.created_at < '" + store.FormatTime(seedTime.AddDate(0, -18, -1)) + "'", 0},
		} {
			if got := count(c.where); got != c.want {
				t.Errorf("%s: %d, want %d", c.what, got, c.want)
			}
		}
		var partner int
		if err := db.QueryRow(`SELECT COUNT(*) FROM docnote d JOIN entity e ON e.partner_entity_id = d.entity_id
			JOIN app_user u ON u.entity_id = e.id WHERE u.username = 'demo.client'`).Scan(&partner); err != nil || partner != 1 {
			t.Errorf("James's letter: %d %v", partner, err)
		}
		// Every attachment is a PDF a viewer opens: header, trailer and a cross-reference table
		// whose offsets point at their objects.
		rows, err := db.Query(`SELECT a.filename, f.content FROM docnote_attachment a JOIN docnote_file f ON f.attachment_id = a.id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var name string
			var content []byte
			if err := rows.Scan(&name, &content); err != nil {
				t.Fatal(err)
			}
			n++
			checkPDF(t, name, content)
		}
		if n < 12 {
			t.Errorf("%d attachments, want one per valuation, tax certificate and letter", n)
		}
	})
}

var xrefEntry = regexp.MustCompile(`(\d{10}) 00000 n `)

func checkPDF(t *testing.T, name string, b []byte) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(b, []byte("%%EOF\n")) || !mimetype.Detect(b).Is("application/pdf") {
		t.Errorf("%s is not a PDF", name)
		return
	}
	start := bytes.LastIndex(b, []byte("startxref\n"))
	xref, err := strconv.Atoi(string(bytes.TrimSpace(b[start+len("startxref\n") : len(b)-len("%%EOF\n")])))
	if err != nil || !bytes.HasPrefix(b[xref:], []byte("xref\n")) {
		t.Errorf("%s: startxref does not point at the xref table", name)
		return
	}
	for i, m := range xrefEntry.FindAllSubmatch(b[xref:], -1) {
		off, _ := strconv.Atoi(string(m[1]))
		if want := fmt.Sprintf("%d 0 obj", i+1); !bytes.HasPrefix(b[off:], []byte(want)) {
			t.Errorf("%s: xref entry %d points at %q", name, i+1, b[off:off+10])
		}
	}
}

// A store seeded before messages existed gets them at the next start, once.
func TestSeedMessagesIntoAnOlderSeed(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		testdb.MustExec(t, db, `DELETE FROM docnote`)
		testdb.MustExec(t, db, `DELETE FROM doc_type`)
		testdb.MustExec(t, db, `DELETE FROM doc_category`)
		testdb.MustExec(t, db, `DELETE FROM meta WHERE key = ?`, messagesKey)
		for range 2 {
			if again, err := Seed(context.Background(), db, 4, seedTime); err != nil || again {
				t.Fatalf("seed: %v %v", again, err)
			}
		}
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM doc_category`).Scan(&n); err != nil || n != 3 {
			t.Errorf("%d categories after two starts, want 3 (%v)", n, err)
		}
	})
}
