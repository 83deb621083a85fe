package apierr

import (
	"mime"
	"strings"

	"github.com/gin-gonic/gin"
)

// ContentTypeJSON is the Content-Type of every JSON answer, exactly: XPLAN answers
// "application/json" without parameters, and a public XPLAN client library compares the header
// with that string, handing back the raw text instead of parsed data for anything else (gin's
// c.JSON writes "application/json; charset=utf-8"). JSON is UTF-8 by definition (RFC 8259), so
// the parameter says nothing.
const ContentTypeJSON = "application/json"

// JSON is the one writer of JSON answers: v as JSON with status, Content-Type exactly
// ContentTypeJSON. Handlers use it (or Write, for errors) instead of c.JSON.
func JSON(c *gin.Context, status int, v any) {
	c.Header("Content-Type", ContentTypeJSON)
	c.JSON(status, v) // gin keeps a Content-Type already set
}

// ExactContentType is ct with any parameter of a JSON media type dropped
// ("application/json; charset=utf-8" is ContentTypeJSON); other types are returned unchanged.
// The BFF relays a remote platform's answers through it.
func ExactContentType(ct string) string {
	if !strings.Contains(ct, ";") {
		return ct
	}
	if mt, _, err := mime.ParseMediaType(ct); err == nil && mt == ContentTypeJSON {
		return ContentTypeJSON
	}
	return ct
}

// ExactJSONContentType is middleware that makes every JSON answer of the routes after it carry
// exactly ContentTypeJSON, whoever wrote it: handlers that still call c.JSON included. It fixes
// the header at the moment the answer's head is sent.
func ExactJSONContentType(c *gin.Context) {
	c.Writer = &exactJSONWriter{ResponseWriter: c.Writer}
	c.Next()
}

// exactJSONWriter corrects the Content-Type on every path by which gin sends an answer's head.
type exactJSONWriter struct {
	gin.ResponseWriter
}

func (w *exactJSONWriter) fix() {
	if w.ResponseWriter.Written() {
		return
	}
	h := w.ResponseWriter.Header()
	if ct := h.Get("Content-Type"); ct != "" {
		if exact := ExactContentType(ct); exact != ct {
			h.Set("Content-Type", exact)
		}
	}
}

func (w *exactJSONWriter) WriteHeader(code int) {
	w.fix()
	w.ResponseWriter.WriteHeader(code)
}

func (w *exactJSONWriter) WriteHeaderNow() {
	w.fix()
	w.ResponseWriter.WriteHeaderNow()
}

func (w *exactJSONWriter) Write(b []byte) (int, error) {
	w.fix()
	return w.ResponseWriter.Write(b)
}

func (w *exactJSONWriter) WriteString(s string) (int, error) {
	w.fix()
	return w.ResponseWriter.WriteString(s)
}

func (w *exactJSONWriter) Flush() {
	w.fix()
	w.ResponseWriter.Flush()
}
