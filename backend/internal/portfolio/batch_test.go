package portfolio_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Batched account calls (spec 3 §7.6, §8): each item answers on its own, a foreign account with
// the 404 "Resource Not Found" that marks an account without data, named by its account id.
func TestBatchAnswersPerAccount(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		body := `{"batch": [
		{"name": "11", "method": "GET", "url": "portfolio/account/11?fields=accountid"},
		{"name": "71", "method": "GET", "url": "portfolio/account/71?fields=accountid"},
		{"name": "12-positions", "method": "GET", "url": "portfolio/position?accountid=12&fields.0=security_id&fields.1=accountid"}
	]}`
		req := httptest.NewRequest(http.MethodPost, "/resourceful", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(f.login(t, "alice"))
		rec := serve(f, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("batch: %d %s", rec.Code, rec.Body.String())
		}
		var results []struct {
			Name any     `json:"name"`
			Code int     `json:"code"`
			Body *string `json:"body"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &results); err != nil {
			t.Fatal(err)
		}
		want := []struct {
			name string
			code int
			body string
		}{
			{"11", 200, `{"accountid":11}`},
			{"71", 404, notFoundBody},
			{"12-positions", 200, `[{"accountid":12,"security_id":2},{"accountid":12,"security_id":null}]`},
		}
		if len(results) != len(want) {
			t.Fatalf("results: %s", rec.Body.String())
		}
		for i, w := range want {
			r := results[i]
			if r.Name != w.name || r.Code != w.code || r.Body == nil || *r.Body != w.body {
				t.Errorf("item %d: %v %d %v, want %s %d %s", i, r.Name, r.Code, r.Body, w.name, w.code, w.body)
			}
		}
	})
}
