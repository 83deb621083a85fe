package spa

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gin-gonic/gin"
)

// embedLike is the app's files as the portal serves them: a sub-tree of an embedded FS, which
// refuses names that are not valid paths (fs.ErrInvalid) instead of not finding them.
func embedLike(t *testing.T, extra map[string][]byte) fs.FS {
	t.Helper()
	m := fstest.MapFS{}
	for name, f := range files() {
		m["dist/"+name] = f
	}
	for name, b := range extra {
		m["dist/"+name] = &fstest.MapFile{Data: b}
	}
	sub, err := fs.Sub(m, "dist")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// A path that is not valid UTF-8, or otherwise no usable file name, is a 404, never a 500
// (finding 5).
func TestUnusablePathsAreNotFound(t *testing.T) {
	h := &Handler{Files: embedLike(t, nil)}
	for _, target := range []string{"/assets/%ff%fe.js", "/%c3%28", "/clients/%ff", "/assets/a%00b.js"} {
		if rec := serve(t, h, target, ""); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d %s", target, rec.Code, rec.Body.String())
		}
	}
	if rec := serve(t, h, "/clients/home", ""); rec.Code != http.StatusOK {
		t.Errorf("a client route: %d", rec.Code)
	}
}

func serveRange(t *testing.T, h *Handler, target, ranges string) *httptest.ResponseRecorder {
	t.Helper()
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.NoRoute(h.ServeHTTP)
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.Header.Set("Range", ranges)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

// Range requests cannot make an answer bigger than the file: a huge, many-part or overlapping
// Range header gets the whole file (200); a plain range still gets its part (finding 8).
func TestRangeRequestsCapped(t *testing.T) {
	file := []byte(strings.Repeat("0123456789", 100))
	h := &Handler{Files: embedLike(t, map[string][]byte{"assets/big-abc1.js": file})}
	const overhead = 512
	// One-byte ranges: their sum stays within the file, which is all net/http checks, while
	// every part costs a part header (how 589 KB of header made a 7.8 MB answer).
	var parts []string
	for i := 0; i < len(file); i += 2 {
		parts = append(parts, strconv.Itoa(i)+"-"+strconv.Itoa(i))
	}
	huge := "bytes=" + strings.Join(parts, ",")
	for _, tc := range []struct{ name, ranges string }{
		{"huge header", huge},
		{"six ranges", "bytes=0-1,10-11,20-21,30-31,40-41,50-51"},
		{"overlapping", "bytes=0-599,400-999"},
		{"overlapping suffix", "bytes=900-999,-200"},
	} {
		rec := serveRange(t, h, "/assets/big-abc1.js", tc.ranges)
		if rec.Code != http.StatusOK || rec.Body.Len() != len(file) {
			t.Errorf("%s: %d with %d bytes, want the whole file (%d bytes)", tc.name, rec.Code, rec.Body.Len(), len(file))
		}
		if rec.Body.Len() > len(file)+overhead {
			t.Errorf("%s: %d bytes for a file of %d", tc.name, rec.Body.Len(), len(file))
		}
	}
	if rec := serveRange(t, h, "/assets/big-abc1.js", "bytes=10-19"); rec.Code != http.StatusPartialContent || rec.Body.String() != "0123456789" {
		t.Errorf("one range: %d %q", rec.Code, rec.Body.String())
	}
	if rec := serveRange(t, h, "/assets/big-abc1.js", "bytes=0-1,10-11"); rec.Code != http.StatusPartialContent || rec.Body.Len() > len(file) {
		t.Errorf("two ranges: %d with %d bytes", rec.Code, rec.Body.Len())
	}
}
