package app

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
)

// wellFormedRequestID accepts exactly what the regular expression it replaced accepted.
func TestWellFormedRequestIDAsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)
	for _, id := range []string{"", "a", "req-1", "A.b_c-9", strings.Repeat("x", 64), strings.Repeat("x", 65),
		"with space", "slash/", "ünï", "tab\t", "new\nline", "semi;colon", "%41", "a+b"} {
		if got, want := wellFormedRequestID(id), re.MatchString(id); got != want {
			t.Errorf("%q: %v, the regexp says %v", id, got, want)
		}
	}
}

// The strict headers' values are shared between answers: what one handler adds to or sets on
// its answer's header does not reach the next answer.
func TestStrictHeadersNotChangedByAnAnswer(t *testing.T) {
	a := &App{}
	e := gin.New()
	e.Use(a.securityHeaders)
	e.GET("/api/x", func(c *gin.Context) {
		c.Writer.Header().Add("Cache-Control", "private")
		c.Writer.Header().Add("X-Frame-Options", "SAMEORIGIN")
		c.Status(http.StatusNoContent)
	})
	e.GET("/api/y", func(c *gin.Context) { c.Status(http.StatusNoContent) })
	for _, path := range []string{"/api/x", "/api/y"} {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if path == "/api/y" {
			if got := rec.Header().Values("Cache-Control"); len(got) != 1 || got[0] != "no-store" {
				t.Errorf("Cache-Control after another answer added to it: %q", got)
			}
			if got := rec.Header().Values("X-Frame-Options"); len(got) != 1 || got[0] != "DENY" {
				t.Errorf("X-Frame-Options after another answer added to it: %q", got)
			}
			if rec.Header().Get("Content-Security-Policy") != ContentSecurityPolicy {
				t.Error("no Content-Security-Policy")
			}
		}
	}
}
