package entities

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
)

func countTerms(t *testing.T, e *testEnv) int {
	t.Helper()
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM terms_acceptance`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAcceptTerms(t *testing.T) {
	e := newTestEnv(t)
	path := "entity/client-v3/1001/terms_and_conditions"
	body := map[string]any{"content": "<p>Site terms v3</p>", "agreed_date": map[string]any{"_type": "Date", "_val": "2026-11-22"}, "desc": LoginDisclaimer}
	code, got := e.call("eleanor", http.MethodPost, path, body)
	if code != http.StatusCreated {
		t.Fatalf("accept: %d %s", code, got)
	}
	var rec TermsAcceptance
	json.Unmarshal([]byte(got), &rec)
	if rec.EntityID != eleanor || rec.Desc != LoginDisclaimer || rec.RecordedAt != fixtureNow ||
		rec.AgreedDate.(map[string]any)["_val"] != "2026-11-22" {
		t.Errorf("answer: %+v", rec)
	}
	var entityID int64
	var desc, content, agreed, recorded string
	if err := e.db.QueryRow(`SELECT entity_id, description, content, agreed_date, recorded_at FROM terms_acceptance WHERE id = ?`, rec.ID).
		Scan(&entityID, &desc, &content, &agreed, &recorded); err != nil {
		t.Fatal(err)
	}
	if entityID != eleanor || desc != LoginDisclaimer || content != "<p>Site terms v3</p>" || agreed != "2026-11-22" || recorded != "2026-11-22T09:00:00.000000000Z" {
		t.Errorf("row: %d %q %q %q %q", entityID, desc, content, agreed, recorded)
	}
	// A plain string date, a time, a form body and a missing desc are all accepted.
	for _, b := range []any{
		map[string]any{"content": "terms", "agreed_date": "2026-11-21"},
		map[string]any{"content": "terms", "agreed_date": "2026-11-21T23:59:00Z", "desc": "Login Disclaimer"},
		url.Values{"content": {"terms"}, "agreed_date": {"2026-11-20"}, "desc": {"Login Disclaimer"}},
	} {
		if code, got := e.call("eleanor", http.MethodPost, path, b); code != http.StatusCreated {
			t.Errorf("accept %v: %d %s", b, code, got)
		}
	}
	if n := countTerms(t, e); n != 4 {
		t.Fatalf("%d acceptances recorded, want 4", n)
	}

	for _, tc := range []struct {
		body any
		want string
	}{
		{map[string]any{"agreed_date": "2026-11-22"}, "content is required"},
		{map[string]any{"content": "terms"}, "agreed_date must be a date (YYYY-MM-DD)"},
		{map[string]any{"content": "terms", "agreed_date": "22/11/2026"}, "agreed_date must be a date (YYYY-MM-DD)"},
		{map[string]any{"content": "terms", "agreed_date": "2026-02-30"}, "agreed_date must be a date (YYYY-MM-DD)"},
	} {
		e.expectError("eleanor", http.MethodPost, path, tc.body, http.StatusBadRequest, tc.want)
	}
	// Nobody accepts on a client's behalf: reachable callers get 403, others 404.
	e.expectError("alice", http.MethodPost, path, body, http.StatusForbidden, "Permission Error: access denied")
	e.expectError("eleanor", http.MethodPost, "entity/client-v3/1002/terms_and_conditions", body, http.StatusForbidden, "Permission Error: access denied")
	for _, tc := range []struct{ user, id string }{{"bob", "1001"}, {"zoe", "1001"}, {"james", "1001"}, {"eleanor", "1003"}, {"dan", "1001"}, {"alice", "100"}} {
		e.expectNotFound(tc.user, http.MethodPost, "entity/client-v3/"+tc.id+"/terms_and_conditions", body)
	}
	if n := countTerms(t, e); n != 4 {
		t.Errorf("refused calls recorded acceptances: %d", n)
	}
}
