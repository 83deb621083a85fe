package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// logBuffer is a log destination the test reads; handlers may write from other goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// errorLine is the first error-level log line holding every one of parts.
func errorLine(logs string, parts ...string) string {
	for _, line := range strings.Split(logs, "\n") {
		if !strings.Contains(line, `"level":"ERROR"`) {
			continue
		}
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			return line
		}
	}
	return ""
}

// Every 500 is logged with its cause and the request id, at error level, in the portal's own
// log: a handler's error, a panic, and an error inside the embedded platform (finding 5).
func TestServerErrorsAreLoggedWithTheirCause(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		logs := &logBuffer{}
		h := newHarness(t, on(d), loggedTo(logs))
		h.app.Engine.GET("/test/fails", apierr.Handler(func(c *gin.Context) error {
			return fmt.Errorf("load widgets: %w", errors.New("no such table: widget"))
		}))
		h.app.Engine.GET("/test/panics", func(c *gin.Context) { panic("nil map write in widgets") })

		for _, tc := range []struct{ path, cause string }{
			{"/test/fails", "load widgets: no such table: widget"},
			{"/test/panics", "panic: nil map write in widgets"},
		} {
			a := h.do(http.MethodGet, tc.path, "", nil, "X-Request-Id", "req-"+strings.TrimPrefix(tc.path, "/test/"))
			if a.code != http.StatusInternalServerError || a.body["api_message"] != apierr.InternalAPI || strings.Contains(a.raw, "widget") {
				t.Fatalf("%s: %d %s", tc.path, a.code, a.raw)
			}
			if line := errorLine(logs.String(), tc.cause, `"request_id":"req-`+strings.TrimPrefix(tc.path, "/test/")+`"`, `"status":500`); line == "" {
				t.Errorf("%s: no error line with the cause and request id in\n%s", tc.path, logs.String())
			}
		}

		// Inside the embedded platform: the site terms cannot be recorded.
		cookies := sessionCookie(t, h.login("demo.terms", "DemoTerms#2026"))
		if _, err := h.app.DB.Exec(`DROP TABLE terms_acceptance`); err != nil {
			t.Fatal(err)
		}
		var entity int64
		if err := h.app.DB.QueryRow(`SELECT entity_id FROM app_user WHERE username = 'demo.terms'`).Scan(&entity); err != nil {
			t.Fatal(err)
		}
		body, _ := json.Marshal(termsBody())
		a := h.do(http.MethodPost, fmt.Sprintf(termsPathFormat, entity), string(body), cookies, "X-Request-Id", "req-terms")
		if a.code != http.StatusInternalServerError {
			t.Fatalf("terms: %d %s", a.code, a.raw)
		}
		// The log is JSON, so PostgreSQL's quotes are escaped.
		missing := map[store.Dialect]string{store.SQLite: "no such table: terms_acceptance", store.Postgres: `relation \"terms_acceptance\" does not exist`}[d]
		if line := errorLine(logs.String(), missing, `"request_id":"req-terms"`, `"route":"/resourceful/entity/client-v3/:id/terms_and_conditions"`); line == "" {
			t.Errorf("platform error: no error line with the cause in\n%s", logs.String())
		}
		if strings.Contains(logs.String(), "demo.terms") || strings.Contains(logs.String(), "Harbour") {
			t.Errorf("personal data or a body in the log:\n%s", logs.String())
		}
	})
}
