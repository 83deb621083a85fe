package demo

import (
	"reflect"
	"strings"
	"testing"

	"wealthportal/backend/internal/signatures"
	"wealthportal/backend/internal/store"
)

// demo.client has two documents awaiting signature and one signed earlier (with its signature
// page, so one page more than its original); demo.messages has one whose phone has no '+'.
func TestSeedSignatures(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		rows, err := db.Query(`SELECT u.username, r.filename, r.status, r.due_date IS NOT NULL, s.phone, r.content, r.signed_content
			FROM signature_request r JOIN signature_signatory s ON s.request_id = r.id JOIN app_user u ON u.entity_id = r.entity_id
			ORDER BY r.id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []string
		for rows.Next() {
			var user, file, phone string
			var status int
			var due bool
			var content, signed []byte
			if err := rows.Scan(&user, &file, &status, &due, &phone, &content, &signed); err != nil {
				t.Fatal(err)
			}
			got = append(got, user+"|"+file+"|"+string(rune('0'+status)))
			if !due {
				t.Errorf("%s has no due date", file)
			}
			if (user == "demo.client") != signatures.ValidPhone(phone) {
				t.Errorf("%s: phone %q", user, phone)
			}
			pages, err := signatures.PageCount(content)
			if err != nil || pages < 1 {
				t.Errorf("%s: %d pages (%v)", file, pages, err)
			}
			if status == signatures.StatusSigned {
				if n, _ := signatures.PageCount(signed); n != pages+1 {
					t.Errorf("%s: signed copy of %d pages, want %d", file, n, pages+1)
				}
			}
		}
		want := []string{
			"demo.client|Suitability report 2026.pdf|4",
			"demo.client|Letter of authority - Harbour & Vale.pdf|4",
			"demo.client|Client agreement 2025.pdf|1",
			"demo.messages|Terms of business 2026.pdf|4",
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("requests:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}
