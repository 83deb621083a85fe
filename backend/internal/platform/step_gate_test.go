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

// A platform session with steps outstanding reaches only the step routes, its own and those a
// module declares (StepRouter); the Basic-auth login answer lists the steps and the terms.
func TestRestrictedPlatformSession(t *testing.T) {
	gin.SetMode(gin.TestMode)
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		testdb.MustExec(t, f.db, `UPDATE firm SET site_terms_heading = 'Terms', site_terms_disclaimer = '<p>Agree</p>'`)
		testdb.MustExec(t, f.db, `UPDATE app_user SET site_terms_after = 0 WHERE id = 1`)
		e := NewEngine(f.svc, f.db, []Module{stepModule{}})
		call := func(method, path string, set func(*http.Request)) *httptest.ResponseRecorder {
			req := httptest.NewRequest(method, path, nil)
			set(req)
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			return rec
		}
		login := call("GET", "/resourceful/session/user", func(r *http.Request) { r.SetBasicAuth("ada", "Correct#Horse1"); r.Header.Set(AppIDHeader, "test") })
		if login.Code != 200 || !strings.Contains(login.Body.String(), `"additional_login_steps":["SiteTerms"]`) ||
			!strings.Contains(login.Body.String(), `"site_terms":{"heading":"Terms","disclaimer":"\u003cp\u003eAgree\u003c/p\u003e"}`) {
			t.Fatalf("login: %d %s", login.Code, login.Body.String())
		}
		var cookie *http.Cookie
		for _, c := range login.Result().Cookies() {
			if c.Name == SessionCookie {
				cookie = c
			}
		}
		withCookie := func(r *http.Request) { r.AddCookie(cookie) }
		for path, want := range map[string]int{"/resourceful/session/user": 200, "/resourceful/step_thing": 200, "/resourceful/other_thing": 403} {
			if rec := call("GET", path, withCookie); rec.Code != want {
				t.Errorf("%s: %d %s", path, rec.Code, rec.Body.String())
			}
		}
		// A Basic-auth call to anything but the step routes is refused before a session starts.
		if rec := call("GET", "/resourceful/other_thing", func(r *http.Request) { r.SetBasicAuth("ada", "Correct#Horse1"); r.Header.Set(AppIDHeader, "test") }); rec.Code != 403 || len(rec.Result().Cookies()) != 0 {
			t.Errorf("basic auth to a non-step route: %d %v", rec.Code, rec.Result().Cookies())
		}
		testdb.MustExec(t, f.db, `INSERT INTO terms_acceptance (entity_id, description, content, agreed_date, recorded_at) VALUES (10, 'Login Disclaimer', 'x', '2026-11-22', 'x')`)
		if rec := call("GET", "/resourceful/other_thing", withCookie); rec.Code != 200 {
			t.Errorf("after the step: %d", rec.Code)
		}
		if rec := call("GET", "/resourceful/session/user", withCookie); strings.Contains(rec.Body.String(), "additional_login_steps") {
			t.Errorf("steps after the step: %s", rec.Body.String())
		}
	})
}

type stepModule struct{}

func (stepModule) Register(r *gin.RouterGroup) {
	ok := func(c *gin.Context) { c.Status(http.StatusOK) }
	r.GET("/step_thing", ok)
	r.GET("/other_thing", ok)
}

func (stepModule) StepRoutes() []string { return []string{"GET /step_thing"} }
