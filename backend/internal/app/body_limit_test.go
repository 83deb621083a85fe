package app

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// countingBody is an endless JSON-looking body ({"username":"aaaa...) that counts what the
// server reads of it, so a test sees whether a handler read a huge body to its end.
type countingBody struct {
	read   int64
	prefix []byte
}

func newCountingBody() *countingBody { return &countingBody{prefix: []byte(`{"username":"`)} }

func (b *countingBody) Read(p []byte) (int, error) {
	n := copy(p, b.prefix)
	b.prefix = b.prefix[n:]
	for i := n; i < len(p); i++ {
		p[i] = 'a'
	}
	b.read += int64(len(p))
	return len(p), nil
}

const (
	hugeBody = 100 << 20 // what the finding sent
	// slack is what a reader may take past the limit: one read of a buffered reader.
	slack = 64 << 10
)

// sendBig posts an endless body to path: with declared set it claims hugeBody bytes in
// Content-Length, otherwise it has no length (chunked). It answers the status, the decoded
// error body and how much the server read.
func sendBig(t *testing.T, h http.Handler, path string, declared bool, headers ...string) (int, map[string]any, int64) {
	t.Helper()
	body := newCountingBody()
	req := httptest.NewRequest(http.MethodPost, path, io.LimitReader(body, hugeBody))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	req.ContentLength = -1
	if declared {
		req.ContentLength = hugeBody
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out, body.read
}

func wantTooLarge(t *testing.T, what string, code int, body map[string]any, read, maxRead int64) {
	t.Helper()
	if code != http.StatusRequestEntityTooLarge || body["api_message"] != "Request too large" || body["user_message"] != "The request is too large." {
		t.Errorf("%s: want 413 in the platform's error shape, got %d %v", what, code, body)
	}
	if read > maxRead {
		t.Errorf("%s: the server read %d bytes of the body, want at most %d", what, read, maxRead)
	}
}

// The login, code and biometric calls refuse a body over the limit: one that declares its size
// unread, one without a declared size once it has read just past the limit (finding 3).
func TestPortalRefusesOversizedBodies(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(d))
		for _, path := range []string{"/xplanapi/auth/login", "/xplanapi/auth/tfa/validate", "/api/biometric/login",
			"/xplanapi/auth/password", "/xplanapi/", "/api/biometric/devices", "/nowhere"} {
			code, body, read := sendBig(t, h.h, path, true)
			wantTooLarge(t, path+" with Content-Length", code, body, read, 0)
			code, body, read = sendBig(t, h.h, path, false)
			wantTooLarge(t, path+" chunked", code, body, read, DefaultBodyLimit+slack)
		}
	})
}

// `portal platform` limits its bodies the same way, before authentication.
func TestPlatformServerRefusesOversizedBodies(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		cfg := testConfig(t)
		srv, err := NewPlatformServer(Options{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: testdb.Open(t, d)})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/resourceful/auth/biometric", "/resourceful/auth/tfa/device", "/resourceful/", "/resourceful/session/password"} {
			code, body, read := sendBig(t, srv, path, true, "X-Xplan-App-Id", cfg.PlatformAppID)
			wantTooLarge(t, path+" with Content-Length", code, body, read, 0)
			code, body, read = sendBig(t, srv, path, false, "X-Xplan-App-Id", cfg.PlatformAppID)
			wantTooLarge(t, path+" chunked", code, body, read, DefaultBodyLimit+slack)
		}
	})
}

// A body within the limit reaches the handler whole, and an upload route has its own limit,
// read as a stream.
func TestBodyLimitsPassSmallBodiesAndUploads(t *testing.T) {
	t.Parallel()
	limits := BodyLimits{Default: 10, Uploads: map[string]int64{"POST /upload": 20}}
	e := newBareEngine(limits)
	for _, tc := range []struct {
		path string
		body string
		want int
	}{
		{"/echo", "0123456789", http.StatusOK},
		{"/echo", "0123456789x", http.StatusRequestEntityTooLarge},
		{"/upload", "01234567890123456789", http.StatusOK},
		{"/upload", "01234567890123456789x", http.StatusRequestEntityTooLarge},
	} {
		for _, declared := range []bool{true, false} {
			req := httptest.NewRequest(http.MethodPost, tc.path, io.NopCloser(strings.NewReader(tc.body)))
			if !declared {
				req.ContentLength = -1
			}
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if rec.Code != tc.want || (tc.want == http.StatusOK && rec.Body.String() != tc.body) {
				t.Errorf("%s %q (declared %v): %d %q", tc.path, tc.body, declared, rec.Code, rec.Body.String())
			}
		}
	}
}

// newBareEngine is an engine with only the body limits and two routes that echo their body;
// the upload route answers a body over its limit as an upload handler must.
func newBareEngine(limits BodyLimits) *gin.Engine {
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.Use(limits.Middleware)
	echo := func(c *gin.Context) {
		b, err := io.ReadAll(c.Request.Body)
		if err != nil {
			apierr.Write(c, apierr.BodyError(err, apierr.BadRequest("unreadable")))
			return
		}
		c.String(http.StatusOK, string(b))
	}
	e.POST("/echo", echo)
	e.POST("/upload", echo)
	return e
}
