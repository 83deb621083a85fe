package messages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// SetDownloadHeaders sets the headers of an attachment's download (docs/security.md): always
// saved, never shown inline, never sniffed, never stored by a shared or browser cache. The BFF
// sets them again on the way out, since it passes on only a relayed answer's content type.
func SetDownloadHeaders(h http.Header, filename string) {
	h.Set("Content-Disposition", ContentDisposition(filename))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
}

// ContentDisposition is "attachment" with the file name: quoted when it is plain ASCII, else
// an ASCII stand-in plus the exact name in RFC 6266's filename* (UTF-8, percent-encoded).
func ContentDisposition(filename string) string {
	plain := true
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			plain = false
			return '_'
		}
		return r
	}, filename)
	if plain {
		return `attachment; filename="` + filename + `"`
	}
	return `attachment; filename="` + fallback + `"; filename*=UTF-8''` + strings.ReplaceAll(url.PathEscape(filename), "'", "%27")
}

// GET /resourceful/docnote/files/:id/:part/:filename: an attachment's bytes, only to a caller
// who may see its document, and only under its stored name.
func (m *Module) download(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	a, err := m.visiblePart(c, q, p)
	if err != nil {
		return err
	}
	if c.Param("filename") != a.filename {
		return apierr.ErrNotFound
	}
	var content []byte
	if err := q.QueryRowContext(c.Request.Context(), `SELECT content FROM docnote_file WHERE attachment_id = ?`, a.id).Scan(&content); err != nil {
		return err
	}
	h := c.Writer.Header()
	SetDownloadHeaders(h, a.filename)
	h.Set("Content-Type", a.contentType)
	h.Set("Content-Length", strconv.Itoa(len(content)))
	c.Status(http.StatusOK)
	_, err = c.Writer.Write(content)
	return err
}
