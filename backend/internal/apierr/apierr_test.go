package apierr

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
)

// A body read that went past its limit is the 413, however it was wrapped; any other failure
// is the handler's own answer.
func TestBodyError(t *testing.T) {
	rec := httptest.NewRecorder()
	_, err := io.ReadAll(http.MaxBytesReader(rec, io.NopCloser(strings.NewReader("0123456789")), 5))
	if got := BodyError(fmt.Errorf("decode: %w", err), ErrNotFound); got != ErrTooLarge {
		t.Errorf("over the limit: %v", got)
	}
	if got := BodyError(errors.New("unexpected EOF"), ErrNotFound); got != ErrNotFound {
		t.Errorf("other error: %v", got)
	}
}

// Write records the error behind every 5xx on the context, for the access log, and keeps it
// out of the answer; 4xx answers record nothing.
func TestWriteRecordsCauseOf5xx(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for _, tc := range []struct {
		err    error
		status int
		logged bool
	}{
		{errors.New("sql: database is locked"), http.StatusInternalServerError, true},
		{New(http.StatusBadGateway, "platform down", "Please try again."), http.StatusBadGateway, true},
		{ErrNotFound, http.StatusNotFound, false},
	} {
		rec := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(rec)
		c.Request = httptest.NewRequest(http.MethodGet, "/", nil)
		Write(c, tc.err)
		if rec.Code != tc.status || strings.Contains(rec.Body.String(), "database is locked") {
			t.Errorf("%v: %d %s", tc.err, rec.Code, rec.Body.String())
		}
		if got := len(c.Errors) == 1 && errors.Is(c.Errors[0].Err, tc.err); got != tc.logged {
			t.Errorf("%v: recorded %v, want %v", tc.err, c.Errors, tc.logged)
		}
	}
}
