package apierr

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

// Every JSON answer carries exactly "application/json": errors written by Write, answers of
// JSON, and, behind ExactJSONContentType, answers that handlers still write with c.JSON (in
// every way gin can send them). Other content types pass untouched.
func TestJSONAnswersCarryExactlyApplicationJSON(t *testing.T) {
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.GET("/error", Handler(func(*gin.Context) error { return ErrNotFound }))
	e.GET("/internal", Handler(func(*gin.Context) error { return errors.New("boom") }))
	e.GET("/json", func(c *gin.Context) { JSON(c, http.StatusCreated, "3f2a") })
	guarded := e.Group("", ExactJSONContentType)
	guarded.GET("/gin", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"a": 1}) })
	guarded.GET("/abort", func(c *gin.Context) { c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"a": 1}) })
	guarded.GET("/header", func(c *gin.Context) {
		c.Header("Content-Type", "application/json; charset=UTF-8")
		c.Status(http.StatusOK)
		_, _ = c.Writer.WriteString(`{}`)
	})
	guarded.GET("/flush", func(c *gin.Context) {
		c.Header("Content-Type", "application/json;charset=utf-8")
		c.Writer.Flush()
	})
	guarded.GET("/text", func(c *gin.Context) { c.String(http.StatusOK, "hi") })
	guarded.GET("/problem", func(c *gin.Context) { c.Data(http.StatusOK, "application/problem+json; charset=utf-8", []byte(`{}`)) })

	for _, tc := range []struct {
		path, want, body string
	}{
		{"/error", "application/json", `{"user_message":"The requested item was not found.","api_message":"Resource Not Found"}`},
		{"/internal", "application/json", ""},
		{"/json", "application/json", `"3f2a"`},
		{"/gin", "application/json", `{"a":1}`},
		{"/abort", "application/json", ""},
		{"/header", "application/json", `{}`},
		{"/flush", "application/json", ""},
		{"/text", "text/plain; charset=utf-8", "hi"},
		{"/problem", "application/problem+json; charset=utf-8", ""},
	} {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
		if got := rec.Header().Get("Content-Type"); got != tc.want {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.want)
		}
		if tc.body != "" && rec.Body.String() != tc.body {
			t.Errorf("%s: body %s, want %s", tc.path, rec.Body.String(), tc.body)
		}
	}
}

func TestExactContentType(t *testing.T) {
	for in, want := range map[string]string{
		"application/json":                   "application/json",
		"application/json; charset=utf-8":    "application/json",
		"Application/JSON ; charset=UTF-8":   "application/json",
		"text/html; charset=utf-8":           "text/html; charset=utf-8",
		"application/vnd.api+json; v=1":      "application/vnd.api+json; v=1",
		"":                                   "",
		"not a media type; =":                "not a media type; =",
		"multipart/form-data; boundary=abcd": "multipart/form-data; boundary=abcd",
	} {
		if got := ExactContentType(in); got != want {
			t.Errorf("ExactContentType(%q) = %q, want %q", in, got, want)
		}
	}
}
