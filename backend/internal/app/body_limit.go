package app

import (
	"bytes"
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/messages"
)

// DefaultBodyLimit bounds the body of every JSON or form call, on the portal and on the
// platform's own server. The largest legitimate bodies are a batch of 50 calls (the web app's
// chunk, about 25 KB with the client list's field set), the firm's site terms text sent back on
// acceptance (a few KB; a long legal text stays well under 100 KB) and security answers (bytes):
// 256 KiB leaves room for all of them, while a flood of requests cannot make the server hold
// more than that per request.
const DefaultBodyLimit = 256 << 10

// BodyLimits are the request body limits: one for every call, and larger ones for the routes
// that take files. A route with a limit of its own is streamed rather than buffered.
type BodyLimits struct {
	// Default bounds every route not in Uploads.
	Default int64
	// Uploads holds the routes that take files, keyed "METHOD /full/route/pattern" as gin names
	// the route (c.FullPath(), e.g. "POST /xplanapi/docnote/:id/attachment"), with their limit.
	// The upload issue adds its routes here; their handlers read the body as a stream and must
	// answer an *http.MaxBytesError with apierr.ErrTooLarge (apierr.BodyError does).
	Uploads map[string]int64
}

// DefaultBodyLimits are the portal's limits: DefaultBodyLimit everywhere but a message's
// attachment (spec 3 §5), streamed on both servers. The portal's route is the BFF's catch-all of
// docnote-v2, whose other calls the BFF still reads whole only up to its own limit.
func DefaultBodyLimits() BodyLimits {
	return BodyLimits{Default: DefaultBodyLimit, Uploads: map[string]int64{
		"POST /xplanapi/docnote-v2/*rest":                messages.MaxUploadRequest,
		"POST /resourceful/docnote-v2/:id/attachment-v3": messages.MaxUploadRequest,
	}}
}

// Middleware enforces the limits. A body whose Content-Length is over its limit is refused at
// once, unread, with 413. Any other body (chunked, or of no declared length) is read up to the
// limit before the handler runs, so a body that grows past it is a 413 too, whatever the
// handler would have made of a cut-off body; upload routes get an http.MaxBytesReader instead.
func (l BodyLimits) Middleware(c *gin.Context) {
	r := c.Request
	limit, upload := l.Uploads[r.Method+" "+c.FullPath()]
	if !upload {
		limit = l.Default
	}
	if r.ContentLength > limit {
		tooLarge(c)
		return
	}
	if r.Body == nil || r.Body == http.NoBody {
		c.Next()
		return
	}
	body := http.MaxBytesReader(c.Writer, r.Body, limit)
	if upload {
		r.Body = body
		c.Next()
		return
	}
	b, err := io.ReadAll(body)
	var over *http.MaxBytesError
	switch {
	case errors.As(err, &over):
		tooLarge(c)
		return
	case err != nil:
		apierr.Write(c, apierr.BadRequest("The request body cannot be read"))
		return
	}
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
	c.Next()
}

// tooLarge answers 413 and closes the connection, so the client stops sending the rest.
func tooLarge(c *gin.Context) {
	c.Header("Connection", "close")
	apierr.Write(c, apierr.ErrTooLarge)
}
