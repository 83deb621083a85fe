package entities

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func countTerms(t *testing.T, e *testEnv) int {
	t.Helper()
	var n int
	if err := e.db.QueryRow(e.db.Rebind(`SELECT COUNT(*) FROM terms_acceptance`)).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

const firmTerms = "<p>Site terms v3</p>"

func setFirmTerms(t *testing.T, e *testEnv, text string) {
	t.Helper()
	if _, err := e.db.Exec(e.db.Rebind(`UPDATE firm SET site_terms_disclaimer = ? WHERE id = 1`), text); err != nil {
		t.Fatal(err)
	}
}

func TestAcceptTerms(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		setFirmTerms(t, e, firmTerms)
		path := "entity/client-v3/1001/terms_and_conditions"
		body := map[string]any{"content": firmTerms, "agreed_date": map[string]any{"_type": "Date", "_val": "2026-11-22"}, "desc": LoginDisclaimer}
		code, got := e.call("eleanor", http.MethodPost, path, body)
		if code != http.StatusCreated {
			t.Fatalf("accept: %d %s", code, got)
		}
		var rec TermsAcceptance
		json.Unmarshal([]byte(got), &rec)
		if rec.EntityID != eleanor || rec.Desc != LoginDisclaimer || rec.RecordedAt != fixtureNow || rec.Content != firmTerms ||
			rec.AgreedDate.(map[string]any)["_val"] != "2026-11-22" {
			t.Errorf("answer: %+v", rec)
		}
		var entityID int64
		var desc, content, version, agreed, recorded string
		if err := e.db.QueryRow(e.db.Rebind(`SELECT entity_id, description, content, content_sha256, agreed_date, recorded_at FROM terms_acceptance WHERE id = ?`), rec.ID).
			Scan(&entityID, &desc, &content, &version, &agreed, &recorded); err != nil {
			t.Fatal(err)
		}
		// The record keeps the version agreed to (SHA-256 of the firm's text), not the text.
		if entityID != eleanor || desc != LoginDisclaimer || content != "" || version != sha256Hex(firmTerms) ||
			agreed != "2026-11-22" || recorded != "2026-11-22T09:00:00.000000000Z" {
			t.Errorf("row: %d %q %q %q %q %q", entityID, desc, content, version, agreed, recorded)
		}
		// A plain string date, a time, a form body and a missing desc are all accepted.
		for _, b := range []any{
			map[string]any{"content": firmTerms, "agreed_date": "2026-11-21"},
			map[string]any{"content": " " + firmTerms + "\n", "agreed_date": "2026-11-21T23:59:00Z", "desc": "Login Disclaimer"},
			url.Values{"content": {firmTerms}, "agreed_date": {"2026-11-20"}, "desc": {"Login Disclaimer"}},
		} {
			if code, got := e.call("eleanor", http.MethodPost, path, b); code != http.StatusCreated {
				t.Errorf("accept %v: %d %s", b, code, got)
			}
		}

		for _, tc := range []struct {
			body any
			code int
			want string
		}{
			{map[string]any{"agreed_date": "2026-11-22"}, http.StatusBadRequest, "content is required"},
			{map[string]any{"content": firmTerms}, http.StatusBadRequest, "agreed_date must be a date (YYYY-MM-DD)"},
			{map[string]any{"content": firmTerms, "agreed_date": "22/11/2026"}, http.StatusBadRequest, "agreed_date must be a date (YYYY-MM-DD)"},
			{map[string]any{"content": firmTerms, "agreed_date": "2026-02-30"}, http.StatusBadRequest, "agreed_date must be a date (YYYY-MM-DD)"},
			{map[string]any{"content": firmTerms, "agreed_date": "2026-11-22", "desc": strings.Repeat("d", 101)}, http.StatusBadRequest, "desc must be at most 100 characters"},
			// Only the firm's current terms can be agreed to: not other text, not a megabyte of it.
			{map[string]any{"content": "terms", "agreed_date": "2026-11-22"}, http.StatusConflict, ErrNotCurrentTerms.APIMessage},
			{map[string]any{"content": strings.Repeat(firmTerms, 50000), "agreed_date": "2026-11-22"}, http.StatusConflict, ErrNotCurrentTerms.APIMessage},
		} {
			e.expectError("eleanor", http.MethodPost, path, tc.body, tc.code, tc.want)
		}
		// Nobody accepts on a client's behalf: reachable callers get 403, others 404.
		e.expectError("alice", http.MethodPost, path, body, http.StatusForbidden, "Permission Error: access denied")
		e.expectError("eleanor", http.MethodPost, "entity/client-v3/1002/terms_and_conditions", body, http.StatusForbidden, "Permission Error: access denied")
		for _, tc := range []struct{ user, id string }{{"bob", "1001"}, {"zoe", "1001"}, {"james", "1001"}, {"eleanor", "1003"}, {"dan", "1001"}, {"alice", "100"}} {
			e.expectNotFound(tc.user, http.MethodPost, "entity/client-v3/"+tc.id+"/terms_and_conditions", body)
		}
	})
}

// A client keeps one acceptance per version of the terms: agreeing again to the same text
// replaces the record with a newer one; new terms get their own record (finding 3).
func TestTermsAcceptancesKeptOnePerVersion(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		setFirmTerms(t, e, firmTerms)
		path := "entity/client-v3/1001/terms_and_conditions"
		accept := func(content string) int64 {
			t.Helper()
			code, got := e.call("eleanor", http.MethodPost, path, map[string]any{"content": content, "agreed_date": "2026-11-22"})
			var rec TermsAcceptance
			json.Unmarshal([]byte(got), &rec)
			if code != http.StatusCreated {
				t.Fatalf("accept: %d %s", code, got)
			}
			return rec.ID
		}
		var last int64
		for i := 0; i < 20; i++ {
			last = accept(firmTerms)
		}
		if n := countTerms(t, e); n != 1 {
			t.Fatalf("%d acceptances of one version kept, want 1", n)
		}
		var kept int64
		if err := e.db.QueryRow(e.db.Rebind(`SELECT id FROM terms_acceptance`)).Scan(&kept); err != nil || kept != last {
			t.Fatalf("kept acceptance %d, want the newest %d (%v)", kept, last, err)
		}
		setFirmTerms(t, e, "<p>Site terms v4</p>")
		e.expectError("eleanor", http.MethodPost, path, map[string]any{"content": firmTerms, "agreed_date": "2026-11-22"},
			http.StatusConflict, ErrNotCurrentTerms.APIMessage)
		accept("<p>Site terms v4</p>")
		if n := countTerms(t, e); n != 2 {
			t.Fatalf("%d acceptances after new terms, want 2", n)
		}
	})
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
