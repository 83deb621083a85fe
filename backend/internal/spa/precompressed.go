package spa

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
)

// The build (web/scripts/precompress.mjs) writes a brotli (.br) and a gzip (.gz) sibling of every
// file worth compressing; the handler sends the one the request accepts, so no file of the build
// is compressed per request. Siblings are preferred in this order (brotli is smaller).
var precompressedCodings = [...]struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// variant is one form of a file of the build: as built (coding "") or a precompressed sibling.
type variant struct {
	file string // its name in Files
	size int64
	etag string // strong, from the content, so each encoding has its own
}

// builtFile is what the handler knows of a file of the build, worked out on its first request
// (the build never changes while it is served).
type builtFile struct {
	ctype    string
	identity variant
	// siblings by coding ("br", "gzip"); empty when the build left the file uncompressed.
	siblings map[string]variant
}

// ServesBuiltFile tells whether a Handler over files answers urlPath with a file of the build as
// it was built. The portal's dynamic gzip middleware leaves those responses alone: they have
// precompressed siblings, or compressing them does not pay (images, fonts, tiny files).
func ServesBuiltFile(files fs.FS, urlPath string) bool {
	name, ok := builtFileName(urlPath)
	if !ok {
		return false
	}
	st, err := fs.Stat(files, name)
	return err == nil && st.Mode().IsRegular()
}

// builtFileName is the file a path names, unless the path is an API path, no file name at all,
// or one of the files rendered per request (index.html, the site configuration, the manifest).
func builtFileName(urlPath string) (string, bool) {
	for _, prefix := range apiPrefixes {
		if strings.HasPrefix(urlPath, prefix) {
			return "", false
		}
	}
	name := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if name == "" || !utf8.ValidString(urlPath) || !fs.ValidPath(name) {
		return "", false
	}
	switch name {
	case "index.html", "site-config.json", "manifest.webmanifest":
		return "", false
	}
	return name, true
}

// serveBuilt sends a file of the build, or its precompressed sibling when the request accepts
// one. It answers false when it sent nothing: the name is not a file (missing, or a folder), or
// the error says why it could not be read.
func (h *Handler) serveBuilt(c *gin.Context, name string) (bool, error) {
	f, err := h.built(name)
	if err != nil || f == nil {
		return false, err
	}
	v, coding := f.identity, ""
	if len(f.siblings) > 0 {
		coding = negotiateEncoding(c.Request.Header, func(coding string) bool { _, ok := f.siblings[coding]; return ok })
		if coding != "" {
			v = f.siblings[coding]
		}
	}
	content, err := h.Files.Open(v.file)
	if err != nil {
		return false, err
	}
	defer content.Close()
	rs, ok := content.(io.ReadSeeker)
	if !ok {
		// Every fs.FS used here (embed, fstest) seeks; read the file whole otherwise.
		b, err := io.ReadAll(content)
		if err != nil {
			return false, err
		}
		rs = bytes.NewReader(b)
	}
	if len(f.siblings) > 0 {
		// The answer depends on Accept-Encoding even when it is the file as built.
		c.Writer.Header().Add("Vary", "Accept-Encoding")
	}
	if coding != "" {
		c.Header("Content-Encoding", coding)
	}
	c.Header("Cache-Control", cacheControl(name))
	c.Header("Content-Type", f.ctype)
	c.Header("ETag", v.etag)
	limitRanges(c.Request, v.size)
	var w http.ResponseWriter = c.Writer
	if coding != "" {
		w = lengthOnOK{ResponseWriter: c.Writer, length: strconv.FormatInt(v.size, 10)}
	}
	http.ServeContent(w, c.Request, name, time.Time{}, rs)
	return true, nil
}

// lengthOnOK gives the 200 of a precompressed sibling its Content-Length, which
// http.ServeContent leaves out once Content-Encoding is set (it expects a compressing writer).
// Only on 200: a 206 has the length of its ranges, and a 304 or 412 has no body.
type lengthOnOK struct {
	http.ResponseWriter
	length string
}

func (w lengthOnOK) WriteHeader(code int) {
	if code == http.StatusOK {
		w.Header().Set("Content-Length", w.length)
	}
	w.ResponseWriter.WriteHeader(code)
}

// built answers what is known of a file of the build, working it out once; nil when name is not
// a regular file.
func (h *Handler) built(name string) (*builtFile, error) {
	if f, ok := h.builtFiles.Load(name); ok {
		return f.(*builtFile), nil
	}
	st, err := fs.Stat(h.Files, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil
	}
	f := &builtFile{ctype: mime.TypeByExtension(path.Ext(name)), siblings: map[string]variant{}}
	var head []byte
	if f.identity, head, err = h.describe(name); err != nil {
		return nil, err
	}
	if f.ctype == "" {
		f.ctype = http.DetectContentType(head)
	}
	for _, p := range precompressedCodings {
		v, _, err := h.describe(name + p.suffix)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		f.siblings[p.coding] = v
	}
	actual, _ := h.builtFiles.LoadOrStore(name, f)
	return actual.(*builtFile), nil
}

// describe reads a file once for its size, ETag and first bytes (to sniff a type).
func (h *Handler) describe(name string) (variant, []byte, error) {
	file, err := h.Files.Open(name)
	if err != nil {
		return variant{}, nil, err
	}
	defer file.Close()
	sum := sha256.New()
	var head bytes.Buffer
	n, err := io.Copy(io.MultiWriter(sum, &prefixWriter{buf: &head, limit: 512}), file)
	if err != nil {
		return variant{}, nil, err
	}
	return variant{file: name, size: n, etag: `"` + hex.EncodeToString(sum.Sum(nil)[:16]) + `"`}, head.Bytes(), nil
}

// prefixWriter keeps the first limit bytes written to it.
type prefixWriter struct {
	buf   *bytes.Buffer
	limit int
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	if room := p.limit - p.buf.Len(); room > 0 {
		p.buf.Write(b[:min(room, len(b))])
	}
	return len(b), nil
}

// negotiateEncoding picks the content coding to send from the request's Accept-Encoding among
// the precompressed siblings available: the highest q-value, brotli before gzip on a tie; ""
// (the file as built) when there is no header, no acceptable sibling, or identity is preferred
// outright. A coding not named takes the q of "*" when there is one; q=0 refuses it.
func negotiateEncoding(header http.Header, available func(coding string) bool) string {
	values, present := header["Accept-Encoding"]
	if !present {
		// Any coding would be acceptable (RFC 9110 §12.5.3), but a client that does not say it
		// decodes one (curl, scripts) gets the file as it is.
		return ""
	}
	q := parseAcceptEncoding(strings.Join(values, ","))
	qOf := func(coding string) (float64, bool) {
		if v, ok := q[coding]; ok {
			return v, true
		}
		v, ok := q["*"]
		return v, ok
	}
	best, bestQ := "", 0.0
	for _, p := range precompressedCodings {
		if v, _ := qOf(p.coding); v > bestQ && available(p.coding) {
			best, bestQ = p.coding, v
		}
	}
	if v, named := qOf("identity"); named && v > bestQ {
		return ""
	}
	return best
}

// parseAcceptEncoding reads "br;q=0.9, gzip, *;q=0" into q-values by lower-case coding
// ("x-gzip" is gzip). A q-value that cannot be read counts as 0: never send what a client may
// not decode.
func parseAcceptEncoding(h string) map[string]float64 {
	q := map[string]float64{}
	for _, part := range strings.Split(h, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		if coding == "x-gzip" {
			coding = "gzip"
		}
		value := 1.0
		for _, param := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(param), "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0
			}
			value = f
		}
		q[coding] = value
	}
	return q
}
