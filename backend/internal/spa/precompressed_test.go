package spa

import (
	"bytes"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/testkit/gziptest"
	"wealthportal/web"
)

// The app as the build leaves it: a chunk and the service worker with both siblings, a chunk with
// only a gzip one, an image and a tiny chunk with none.
var (
	chunk      = []byte(strings.Repeat("export const answer = 42;\n", 200))
	chunkBr    = []byte("\xce\xb2\x02brotli-bytes-of-the-chunk") // the server never decodes it
	swBr       = []byte("\xce\xb2\x02brotli-bytes-of-sw")
	onlyGz     = []byte(strings.Repeat("export const other = 1;\n", 100))
	pngImage   = append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 2000)...)
	tinyScript = []byte(`import{t as e}from"./web.js";e();`)
)

func precompressedFiles(t testing.TB) fstest.MapFS {
	m := files()
	for name, b := range map[string][]byte{
		"assets/app-abc1.js": chunk, "assets/app-abc1.js.br": chunkBr, "assets/app-abc1.js.gz": gziptest.Gzip(t, chunk),
		"sw.js": chunk, "sw.js.br": swBr, "sw.js.gz": gziptest.Gzip(t, chunk),
		"assets/other-abc1.js": onlyGz, "assets/other-abc1.js.gz": gziptest.Gzip(t, onlyGz),
		"branding/icon-192.png": pngImage, "assets/index-abc1.js": tinyScript,
	} {
		m[name] = &fstest.MapFile{Data: b}
	}
	return m
}

func request(t testing.TB, h *Handler, method, target string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.NoRoute(h.ServeHTTP)
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Add(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

// A built file with siblings is sent as the sibling the request accepts, with its own encoding,
// the file's type and cache headers, Vary: Accept-Encoding and an ETag per encoding.
func TestPrecompressedSiblingByAcceptEncoding(t *testing.T) {
	h := &Handler{Files: precompressedFiles(t)}
	cases := []struct {
		accept   []string // nil: no header at all
		encoding string
	}{
		{nil, ""},
		{[]string{""}, ""},
		{[]string{"gzip, deflate, br, zstd"}, "br"}, // Chromium
		{[]string{"gzip, deflate"}, "gzip"},
		{[]string{"br;q=0.5, gzip"}, "gzip"},
		{[]string{"br;q=0, gzip"}, "gzip"},
		{[]string{"br;q=0, gzip;q=0"}, ""},
		{[]string{"*"}, "br"},
		{[]string{"*;q=0"}, ""},
		{[]string{"identity"}, ""},
		{[]string{"deflate, zstd"}, ""},
		{[]string{"gzip", "br"}, "br"}, // two header lines are one list
	}
	etags := map[string]string{}
	for _, tc := range cases {
		var headers []string
		for _, v := range tc.accept {
			headers = append(headers, "Accept-Encoding", v)
		}
		name := strings.Join(tc.accept, " | ")
		if tc.accept == nil {
			name = "(no header)"
		}
		rec := request(t, h, http.MethodGet, "/assets/app-abc1.js", headers...)
		hd := rec.Header()
		if rec.Code != http.StatusOK || hd.Get("Content-Encoding") != tc.encoding {
			t.Errorf("%s: %d, Content-Encoding %q, want %q", name, rec.Code, hd.Get("Content-Encoding"), tc.encoding)
			continue
		}
		switch tc.encoding {
		case "br":
			if !bytes.Equal(rec.Body.Bytes(), chunkBr) {
				t.Errorf("%s: not the brotli sibling", name)
			}
		case "gzip":
			if !bytes.Equal(gziptest.Gunzip(t, rec.Body.Bytes()), chunk) {
				t.Errorf("%s: the gzip body is not the chunk", name)
			}
		default:
			if !bytes.Equal(rec.Body.Bytes(), chunk) {
				t.Errorf("%s: not the chunk as built", name)
			}
		}
		if hd.Get("Content-Length") != strconv.Itoa(rec.Body.Len()) {
			t.Errorf("%s: Content-Length %q for %d bytes", name, hd.Get("Content-Length"), rec.Body.Len())
		}
		if !strings.HasPrefix(hd.Get("Content-Type"), "text/javascript") || hd.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: %q, %q", name, hd.Get("Content-Type"), hd.Get("Cache-Control"))
		}
		if got := hd.Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", name, got)
		}
		etag := hd.Get("ETag")
		if prev, seen := etags[tc.encoding]; etag == "" || strings.HasPrefix(etag, "W/") || (seen && prev != etag) {
			t.Errorf("%s: ETag %q (before %q)", name, etag, prev)
		}
		etags[tc.encoding] = etag
	}
	if etags[""] == etags["br"] || etags[""] == etags["gzip"] || etags["br"] == etags["gzip"] {
		t.Errorf("one ETag for several encodings: %v", etags)
	}
}

// Only the siblings that exist are offered: a file with a gzip sibling alone is sent as gzip or
// as built.
func TestPrecompressedOnlyExistingSiblings(t *testing.T) {
	h := &Handler{Files: precompressedFiles(t)}
	if rec := request(t, h, http.MethodGet, "/assets/other-abc1.js", "Accept-Encoding", "br, gzip"); rec.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(gziptest.Gunzip(t, rec.Body.Bytes()), onlyGz) {
		t.Errorf("br, gzip: %q", rec.Header().Get("Content-Encoding"))
	}
	if rec := request(t, h, http.MethodGet, "/assets/other-abc1.js", "Accept-Encoding", "br"); rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), onlyGz) {
		t.Errorf("br alone: %q", rec.Header().Get("Content-Encoding"))
	}
}

// The service worker keeps its no-cache header when it is sent compressed.
func TestPrecompressedKeepsCacheHeaders(t *testing.T) {
	h := &Handler{Files: precompressedFiles(t)}
	rec := request(t, h, http.MethodGet, "/sw.js", "Accept-Encoding", "br")
	if rec.Header().Get("Content-Encoding") != "br" || rec.Header().Get("Cache-Control") != "no-cache" || !bytes.Equal(rec.Body.Bytes(), swBr) {
		t.Errorf("sw.js: %v", rec.Header())
	}
}

// Files the build left uncompressed (images, tiny chunks) are sent as built, without Vary.
func TestFilesWithoutSiblingsSentAsBuilt(t *testing.T) {
	h := &Handler{Files: precompressedFiles(t)}
	for target, want := range map[string][]byte{"/branding/icon-192.png": pngImage, "/assets/index-abc1.js": tinyScript} {
		rec := request(t, h, http.MethodGet, target, "Accept-Encoding", "gzip, deflate, br, zstd")
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" || rec.Header().Get("Vary") != "" || !bytes.Equal(rec.Body.Bytes(), want) {
			t.Errorf("%s: %d %v", target, rec.Code, rec.Header())
		}
		if rec.Header().Get("ETag") == "" {
			t.Errorf("%s: no ETag", target)
		}
	}
}

// HEAD, Range and revalidation work on the encoding sent: the Range is of the compressed bytes,
// and an ETag of one encoding does not revalidate another.
func TestPrecompressedHeadRangeAndRevalidation(t *testing.T) {
	h := &Handler{Files: precompressedFiles(t)}
	const target = "/assets/app-abc1.js"
	head := request(t, h, http.MethodHead, target, "Accept-Encoding", "br")
	if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("Content-Encoding") != "br" ||
		head.Header().Get("Content-Length") != strconv.Itoa(len(chunkBr)) {
		t.Errorf("HEAD: %d, %d bytes, %v", head.Code, head.Body.Len(), head.Header())
	}

	part := request(t, h, http.MethodGet, target, "Accept-Encoding", "br", "Range", "bytes=0-9")
	if part.Code != http.StatusPartialContent || !bytes.Equal(part.Body.Bytes(), chunkBr[:10]) ||
		part.Header().Get("Content-Range") != "bytes 0-9/"+strconv.Itoa(len(chunkBr)) || part.Header().Get("Content-Encoding") != "br" {
		t.Errorf("Range: %d %q %v", part.Code, part.Body.String(), part.Header())
	}
	plain := request(t, h, http.MethodGet, target, "Range", "bytes=0-9")
	if plain.Code != http.StatusPartialContent || !bytes.Equal(plain.Body.Bytes(), chunk[:10]) || plain.Header().Get("Content-Encoding") != "" {
		t.Errorf("Range without Accept-Encoding: %d %q %v", plain.Code, plain.Body.String(), plain.Header())
	}

	failed := request(t, h, http.MethodGet, target, "Accept-Encoding", "br", "If-Match", `"another"`)
	if failed.Code != http.StatusPreconditionFailed || failed.Header().Get("Content-Length") == strconv.Itoa(len(chunkBr)) {
		t.Errorf("If-Match of another version: %d %v", failed.Code, failed.Header())
	}

	brTag := head.Header().Get("ETag")
	if rec := request(t, h, http.MethodGet, target, "Accept-Encoding", "br", "If-None-Match", brTag); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("revalidated br: %d", rec.Code)
	}
	if rec := request(t, h, http.MethodGet, target, "Accept-Encoding", "gzip", "If-None-Match", brTag); rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("br's ETag with gzip accepted: %d %v", rec.Code, rec.Header())
	}
}

// The real build: its main chunk reaches a browser as the build's brotli sibling, or gzip that
// decompresses to the chunk.
func TestBuiltAppServedPrecompressed(t *testing.T) {
	files := web.Dist()
	main := mainChunk(t, files)
	original, _ := fs.ReadFile(files, main)
	br, err := fs.ReadFile(files, main+".br")
	if err != nil {
		t.Fatalf("the build has no brotli sibling of %s: %v", main, err)
	}
	h := &Handler{Files: files}
	if rec := request(t, h, http.MethodGet, "/"+main, "Accept-Encoding", "gzip, deflate, br, zstd"); rec.Header().Get("Content-Encoding") != "br" || !bytes.Equal(rec.Body.Bytes(), br) {
		t.Errorf("br: %v", rec.Header())
	}
	if rec := request(t, h, http.MethodGet, "/"+main, "Accept-Encoding", "gzip"); rec.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(gziptest.Gunzip(t, rec.Body.Bytes()), original) {
		t.Errorf("gzip: %v", rec.Header())
	}
}

// mainChunk is the largest script the login route loads first (index.html's module script and
// modulepreloads).
func mainChunk(t testing.TB, files fs.FS) string {
	t.Helper()
	html, err := fs.ReadFile(files, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	var main string
	var size int64
	for _, m := range regexp.MustCompile(`(?:src|href)="/(assets/[^"]+\.js)"`).FindAllStringSubmatch(string(html), -1) {
		if st, err := fs.Stat(files, m[1]); err == nil && st.Size() > size {
			main, size = m[1], st.Size()
		}
	}
	if main == "" {
		t.Fatal("index.html loads no script")
	}
	return main
}
