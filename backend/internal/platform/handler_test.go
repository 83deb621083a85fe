package platform

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"github.com/gin-gonic/gin"
)

func TestWireConventions(t *testing.T) {
	gin.SetMode(gin.TestMode)
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		e := NewEngine(f.svc, f.db, nil)
		call := func(method string, set func(*http.Request)) *httptest.ResponseRecorder {
			req := httptest.NewRequest(method, "/resourceful/session/user", nil)
			if method == http.MethodDelete {
				req = httptest.NewRequest(method, "/resourceful/session", nil)
			}
			set(req)
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			return rec
		}
		if rec := call("GET", func(*http.Request) {}); rec.Code != 401 || !strings.Contains(rec.Body.String(), `"api_message":"This feature is not available without a valid session"`) ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Fatalf("no credentials: %d %s", rec.Code, rec.Body.String())
		}
		if rec := call("GET", func(r *http.Request) { r.SetBasicAuth("ada", "Correct#Horse1") }); rec.Code != 401 {
			t.Fatalf("basic auth without app id: %d", rec.Code)
		}
		rec := call("GET", func(r *http.Request) { r.SetBasicAuth("ada", "Correct#Horse1"); r.Header.Set(AppIDHeader, "test") })
		if rec.Code != 200 {
			t.Fatalf("basic auth: %d %s", rec.Code, rec.Body.String())
		}
		var xplan *http.Cookie
		for _, c := range rec.Result().Cookies() {
			if c.Name == SessionCookie {
				xplan = c
			}
		}
		if xplan == nil || xplan.Path != "/" || xplan.Secure || !xplan.HttpOnly {
			t.Fatalf("XPLANID cookie: %+v", xplan)
		}
		withCookie := func(r *http.Request) { r.AddCookie(xplan) }
		if rec := call("GET", withCookie); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"entity_id":10`) {
			t.Fatalf("cookie alone: %d %s", rec.Code, rec.Body.String())
		}
		if rec := call("DELETE", withCookie); rec.Code != 204 {
			t.Fatalf("delete session: %d", rec.Code)
		}
		if rec := call("GET", withCookie); rec.Code != 401 {
			t.Fatalf("ended session: %d", rec.Code)
		}
	})
}
