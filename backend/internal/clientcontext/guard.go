package clientcontext

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/bff"
	"wealthportal/backend/internal/session"
)

// maxBatchBody bounds the batch body Guard reads (the body-limit middleware has already cut
// it to far less).
const maxBatchBody = 1 << 20

// Guard checks every forwarded /xplanapi call of an adviser session against its client in
// context (bff.AdviserMayCall) and writes the audit rows of the calls made in context before
// the call goes on; it comes after the BFF's Screen, before anything answers. Client sessions
// pass untouched: their checks are the BFF's own.
func (h *Handler) Guard(c *gin.Context) {
	s := session.From(c)
	if s == nil || s.RoleName != access.RoleAdviser {
		c.Next()
		return
	}
	call, ok := bff.Match(c.Request.Method, strings.TrimPrefix(c.Request.URL.EscapedPath(), "/xplanapi/"))
	if !ok {
		c.Next() // Screen has answered 404 already
		return
	}
	cur, err := h.store.Get(c.Request.Context(), s.Key())
	if err != nil {
		apierr.Write(c, err)
		return
	}
	if call.Route.Path == bff.BatchPath {
		h.guardBatch(c, s, cur)
		return
	}
	h.guardCall(c, s, cur, call, bff.AuditTarget(call))
}

// GuardTransactions is Guard for GET /bff/api/account/transactions, which reads what
// portfolio/transaction does.
func (h *Handler) GuardTransactions(c *gin.Context) {
	s := session.From(c)
	if s == nil || s.RoleName != access.RoleAdviser {
		c.Next()
		return
	}
	call, ok := bff.Match(http.MethodGet, "portfolio/transaction")
	if !ok {
		apierr.Write(c, apierr.ErrNotFound)
		return
	}
	cur, err := h.store.Get(c.Request.Context(), s.Key())
	if err != nil {
		apierr.Write(c, err)
		return
	}
	h.guardCall(c, s, cur, call, "GET bff/api/account/transactions")
}

// guardCall judges one call and, when a client is in context, records it before it goes on.
func (h *Handler) guardCall(c *gin.Context, s *session.Session, cur Context, call bff.Call, target string) {
	if err := bff.AdviserMayCall(cur.Check(), call); err != nil {
		apierr.Write(c, err)
		return
	}
	if cur.ClientID != 0 {
		action := ActionView
		if bff.IsDownload(call.Route) {
			action = ActionDownload
		}
		if err := h.store.Append(c.Request.Context(), []Event{h.event(c, s, cur.Adviser, cur.ClientID, action, target)}); err != nil {
			apierr.Write(c, err)
			return
		}
	}
	c.Next()
}

// guardBatch judges a batch's items one by one, as the BFF's own screening does (bff.ScreenBatch),
// and hands on the screened batch: an item the adviser may not make is the BFF's refused item
// (404 in its result), the others run. Each item made in context is one audit row, all in one
// INSERT. A body the screening cannot read goes on untouched, for the BFF's answer to it.
func (h *Handler) guardBatch(c *gin.Context, s *session.Session, cur Context) {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxBatchBody))
	if err != nil {
		apierr.Write(c, apierr.BodyError(err, err))
		return
	}
	var events []Event
	may := func(call bff.Call) bool {
		if bff.AdviserMayCall(cur.Check(), call) != nil {
			return false
		}
		if cur.ClientID != 0 {
			action := ActionView
			if bff.IsDownload(call.Route) {
				action = ActionDownload
			}
			events = append(events, h.event(c, s, cur.Adviser, cur.ClientID, action, bff.AuditTarget(call)))
		}
		return true
	}
	screened, err := bff.ScreenBatch(may, c.ContentType(), bytes.NewReader(body))
	if err != nil {
		screened = body
	} else if err := h.store.Append(c.Request.Context(), events); err != nil {
		apierr.Write(c, err)
		return
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(screened))
	c.Request.ContentLength = int64(len(screened))
	c.Request.Header.Set("Content-Length", strconv.Itoa(len(screened)))
	c.Next()
}
