package platformtest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Call makes a request to path (under /resourceful/) on engine with the session cookie, the body
// sent as JSON when not nil.
func Call(t testing.TB, engine http.Handler, cookie *http.Cookie, method, path string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, "/resourceful/"+strings.TrimPrefix(path, "/"), rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.AddCookie(cookie)
	rec := httptest.NewRecorder()
	engine.ServeHTTP(rec, req)
	return rec
}

// DecodeOK fails the test unless the answer is a 200, then decodes it into v (when not nil).
// what names the call in the failure.
func DecodeOK(t testing.TB, rec *httptest.ResponseRecorder, what string, v any) {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", what, rec.Code, rec.Body.String())
	}
	if v != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
			t.Fatalf("%s: %v in %s", what, err, rec.Body.String())
		}
	}
}

// Refusal fails the test unless the answer has status, and returns its api_message and
// user_message. what names the call in the failure.
func Refusal(t testing.TB, rec *httptest.ResponseRecorder, what string, status int) (apiMessage, userMessage string) {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("%s: %d %s, want %d", what, rec.Code, rec.Body.String(), status)
	}
	var e struct {
		APIMessage  string `json:"api_message"`
		UserMessage string `json:"user_message"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &e)
	return e.APIMessage, e.UserMessage
}
