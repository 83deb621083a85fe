package bff

import (
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/session"
)

// streamed are the rows whose request body goes on to the platform as it arrives, never read
// whole into memory, with their own body limit: a message's attachment (spec 3 §5: one file of
// at most 10,000,000 bytes, plus the multipart framing). Every other call is read whole, up to
// maxRequestBody, so that the BFF can screen it first.
var streamed = map[string]int64{"docnote-v2/{id}/attachment-v3": messages.MaxUploadRequest}

// StreamLimit is the body limit of a streamed route, and whether the route is one.
func StreamLimit(r Route) (int64, bool) {
	limit, ok := streamed[r.Path]
	return limit, ok
}

// attachmentFiles is the row of a message attachment's download.
const attachmentFiles = "docnote/files/{name}/{name}/{name}"

// forwardStream forwards a streamed call: its query is screened like any other call's; its body
// is not read here but handed to the platform behind a limit reader, so the BFF holds no more of
// it than the copy buffer (the platform reads it as it needs it).
func (h *Handler) forwardStream(c *gin.Context, s *session.Session, target string, limit int64) {
	if c.Request.ContentLength > limit {
		c.Header("Connection", "close")
		apierr.Write(c, apierr.ErrTooLarge)
		return
	}
	clone := c.Request.Clone(c.Request.Context())
	clone.Body = http.NoBody
	if err := screenParams(clone, nil); err != nil {
		apierr.Write(c, err)
		return
	}
	h.relay(c, s, c.Request.Method, target, c.GetHeader("Content-Type"), http.MaxBytesReader(c.Writer, c.Request.Body, limit))
}

// downloadHeaders sets an attachment download's headers on a 200 (the relay passes on only the
// platform's content type): the file name is the path's last segment, which the platform has
// checked against the stored one.
func downloadHeaders(c *gin.Context, call Call) func(status int) {
	if call.Route.Path != attachmentFiles {
		return nil
	}
	return func(status int) {
		if status != http.StatusOK {
			return
		}
		name, err := url.PathUnescape(path.Base(strings.TrimSuffix(call.Path, "/")))
		if err != nil {
			return
		}
		messages.SetDownloadHeaders(c.Writer.Header(), name)
	}
}
