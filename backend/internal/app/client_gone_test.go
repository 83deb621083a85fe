package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
)

// logLine is the first log line holding every one of parts.
func logLine(logs string, parts ...string) string {
	for _, line := range strings.Split(logs, "\n") {
		all := line != ""
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			return line
		}
	}
	return ""
}

// A browser that disconnects mid-request is not a server error: the request is logged as
// "client went away" with status 499 at warning level, never as an error-level 500, whether the
// handler saw its context cancelled or failed writing to the closed connection.
func TestClientThatWentAwayIsNotLoggedAsServerError(t *testing.T) {
	logs := &logBuffer{}
	h := newHarness(t, loggedTo(logs)) // SQLite only: the routes it adds touch no store
	// cancelled lets the handler act out the client closing the connection while it works.
	h.app.Engine.GET("/test/cancelled", apierr.Handler(func(c *gin.Context) error {
		c.Request.Context().Value(cancelKey{}).(context.CancelFunc)()
		<-c.Request.Context().Done()
		return fmt.Errorf("load widgets: %w", c.Request.Context().Err())
	}))
	h.app.Engine.GET("/test/broken-pipe", apierr.Handler(func(c *gin.Context) error {
		return fmt.Errorf("copy answer: %w", &net.OpError{Op: "write", Net: "tcp", Err: os.NewSyscallError("write", syscall.EPIPE)})
	}))
	h.app.Engine.GET("/test/reset", apierr.Handler(func(c *gin.Context) error {
		return errors.New("readfrom tcp 127.0.0.1:8080->127.0.0.1:5000: write: connection reset by peer")
	}))

	for _, path := range []string{"/test/cancelled", "/test/broken-pipe", "/test/reset"} {
		ctx, cancel := context.WithCancel(context.Background())
		ctx = context.WithValue(ctx, cancelKey{}, cancel)
		id := "req-" + strings.TrimPrefix(path, "/test/")
		req := httptest.NewRequest(http.MethodGet, path, nil).WithContext(ctx)
		req.Header.Set("X-Request-Id", id)
		h.serve(req)
		cancel()
		line := logLine(logs.String(), `"msg":"client went away"`, `"request_id":"`+id+`"`)
		if line == "" {
			t.Errorf("%s: no client-went-away line in\n%s", path, logs.String())
			continue
		}
		if !strings.Contains(line, `"status":499`) || !strings.Contains(line, `"level":"WARN"`) {
			t.Errorf("%s: want status 499 at warning level: %s", path, line)
		}
	}
	if line := errorLine(logs.String()); line != "" {
		t.Errorf("a client that went away was logged as an error: %s", line)
	}

	// An ordinary failure is still the error-level 500 with its cause.
	h.app.Engine.GET("/test/fails", apierr.Handler(func(c *gin.Context) error { return errors.New("no such table: widget") }))
	h.do(http.MethodGet, "/test/fails", "", nil, "X-Request-Id", "req-fails")
	if line := errorLine(logs.String(), `"request_id":"req-fails"`, `"status":500`, "no such table: widget"); line == "" {
		t.Errorf("a real 500 is no longer logged as an error:\n%s", logs.String())
	}
}

type cancelKey struct{}

// Over a real connection: the browser gives up while the portal works on the answer. The server
// cancels the request's context; the log says the client went away, not that the portal failed.
func TestClientDisconnectOverTheNetwork(t *testing.T) {
	logs := &logBuffer{}
	h := newHarness(t, loggedTo(logs)) // SQLite only: the routes it adds touch no store
	started := make(chan struct{})
	h.app.Engine.GET("/test/slow", apierr.Handler(func(c *gin.Context) error {
		close(started)
		<-c.Request.Context().Done()
		return fmt.Errorf("load widgets: %w", c.Request.Context().Err())
	}))
	served := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(served)
		h.h.ServeHTTP(w, r)
	}))
	defer srv.Close()

	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/test/slow", nil)
	req.Header.Set("X-Request-Id", "req-slow")
	go func() {
		<-started
		cancel()
	}()
	if res, err := srv.Client().Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("the request was not cancelled: %d", res.StatusCode)
	}
	<-served
	if line := logLine(logs.String(), `"msg":"client went away"`, `"request_id":"req-slow"`, `"status":499`); line == "" {
		t.Errorf("no client-went-away line in\n%s", logs.String())
	}
	if line := errorLine(logs.String()); line != "" {
		t.Errorf("a client that went away was logged as an error: %s", line)
	}
}

// The embedded platform runs on the portal request's context: when the browser has gone, its
// failure is not logged as a platform error either.
func TestPlatformCausesSkipAClientThatWentAway(t *testing.T) {
	gin.SetMode(gin.TestMode)
	logs := &logBuffer{}
	e := gin.New()
	e.Use(logCauses(slog.New(slog.NewJSONHandler(logs, nil))))
	e.GET("/resourceful/widget", apierr.Handler(func(c *gin.Context) error {
		return fmt.Errorf("query widgets: %w", context.Canceled)
	}))
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), RequestIDKey, "req-platform"))
	cancel()
	e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/resourceful/widget", nil).WithContext(ctx))
	if line := errorLine(logs.String()); line != "" {
		t.Errorf("logged as a platform error: %s", line)
	}
	if line := logLine(logs.String(), `"msg":"client went away"`, `"request_id":"req-platform"`, `"status":499`); line == "" {
		t.Errorf("no client-went-away line in\n%s", logs.String())
	}
}
