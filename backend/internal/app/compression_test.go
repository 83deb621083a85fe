package app

import (
	"bytes"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/spa"
	"wealthportal/backend/internal/testkit/gziptest"
	"wealthportal/web"
)

// compressionEngine is the portal's compression as routes sets it up: the dynamic gzip
// middleware in front of a JSON route and the web app.
func compressionEngine(files fs.FS) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(dynamicGzip(files))
	e.GET("/api/example", func(c *gin.Context) {
		c.JSON(http.StatusOK, gin.H{"answer": strings.Repeat("forty-two ", 100)})
	})
	site := &spa.Handler{Files: files}
	e.NoRoute(site.ServeHTTP)
	return e
}

func get(e http.Handler, target, acceptEncoding string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

// mainChunk is the largest script index.html loads, and its size.
func mainChunk(tb testing.TB, files fs.FS) (string, int64) {
	tb.Helper()
	html, err := fs.ReadFile(files, "index.html")
	if err != nil {
		tb.Fatal(err)
	}
	var main string
	var size int64
	for _, m := range regexp.MustCompile(`(?:src|href)="/(assets/[^"]+\.js)"`).FindAllStringSubmatch(string(html), -1) {
		if st, err := fs.Stat(files, m[1]); err == nil && st.Size() > size {
			main, size = m[1], st.Size()
		}
	}
	if main == "" {
		tb.Fatal("index.html loads no script")
	}
	return main, size
}

// smallestUncompressedScript is a script of the build that the build left without siblings
// (too small to be worth compressing).
func smallestUncompressedScript(t *testing.T, files fs.FS) string {
	t.Helper()
	var found string
	_ = fs.WalkDir(files, "assets", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".js") {
			if _, err := fs.Stat(files, p+".gz"); err != nil && found == "" {
				found = p
			}
		}
		return nil
	})
	if found == "" {
		t.Fatal("the build has no uncompressed script")
	}
	return found
}

// The dynamic gzip middleware leaves the build's files to the spa handler: a browser gets the
// precompressed sibling byte for byte with its headers intact, never a second compression; the
// answers made per request are gzipped as before.
func TestDynamicGzipLeavesBuiltFilesAlone(t *testing.T) {
	files := web.Dist()
	e := compressionEngine(files)
	main, _ := mainChunk(t, files)
	for coding, suffix := range map[string]string{"br": ".br", "gzip": ".gz"} {
		accept := "gzip, deflate, br, zstd"
		if coding == "gzip" {
			accept = "gzip, deflate"
		}
		sibling, err := fs.ReadFile(files, main+suffix)
		if err != nil {
			t.Fatal(err)
		}
		rec := get(e, "/"+main, accept)
		h := rec.Header()
		if rec.Code != http.StatusOK || h.Get("Content-Encoding") != coding || !bytes.Equal(rec.Body.Bytes(), sibling) {
			t.Errorf("%s: %d %q, %d bytes (sibling %d)", coding, rec.Code, h.Get("Content-Encoding"), rec.Body.Len(), len(sibling))
		}
		if got := h.Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", coding, got)
		}
		if etag := h.Get("ETag"); etag == "" || strings.HasPrefix(etag, "W/") {
			t.Errorf("%s: ETag %q", coding, etag)
		}
	}

	tiny := smallestUncompressedScript(t, files)
	original, _ := fs.ReadFile(files, tiny)
	if rec := get(e, "/"+tiny, "gzip"); rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), original) {
		t.Errorf("%s compressed per request: %v", tiny, rec.Header())
	}

	rec := get(e, "/api/example", "gzip, deflate, br, zstd")
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(string(gziptest.Gunzip(t, rec.Body.Bytes())), "forty-two") {
		t.Errorf("JSON: %v", rec.Header())
	}
	rec = get(e, "/login", "gzip, deflate, br, zstd")
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(string(gziptest.Gunzip(t, rec.Body.Bytes())), "<html") {
		t.Errorf("index.html (rendered per request): %v", rec.Header())
	}
	if rec := get(e, "/api/example", ""); rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("JSON without Accept-Encoding: %v", rec.Header())
	}
}

// discard is a ResponseWriter that keeps only the status and the number of bytes, so a benchmark
// measures the server and not a recorder's buffer.
type discard struct {
	header http.Header
	code   int
	n      int
}

func (d *discard) Header() http.Header { return d.header }
func (d *discard) WriteHeader(code int) {
	if d.code == 0 {
		d.code = code
	}
}
func (d *discard) Write(b []byte) (int, error) {
	d.WriteHeader(http.StatusOK)
	d.n += len(b)
	return len(b), nil
}

// BenchmarkServeMainChunk serves the login route's largest script through the portal's
// compression, as Chromium asks for it (br), as an older client does (gzip), and to a client
// that asks for no compression. sent-bytes is the body on the wire.
func BenchmarkServeMainChunk(b *testing.B) {
	files := web.Dist()
	e := compressionEngine(files)
	main, _ := mainChunk(b, files)
	for _, accept := range []string{"gzip, deflate, br, zstd", "gzip", ""} {
		b.Run("accept="+accept, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, "/"+main, nil)
			if accept != "" {
				req.Header.Set("Accept-Encoding", accept)
			}
			var sent int
			b.ReportAllocs()
			for b.Loop() {
				w := &discard{header: http.Header{}}
				e.ServeHTTP(w, req)
				if w.code != http.StatusOK {
					b.Fatal(w.code)
				}
				sent = w.n
			}
			b.ReportMetric(float64(sent), "sent-bytes")
		})
	}
}
