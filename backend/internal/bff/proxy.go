// Package bff is the backend-for-frontend's pass-through: the browser calls the spec's
// /xplanapi/... paths and the BFF forwards them to the planning platform's /resourceful/...
// with the platform session it keeps server-side, so the browser never holds a platform
// credential. It also serves the BFF's own aggregate calls under /bff/api (account/transactions).
package bff

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
)

// maxRequestBody bounds what the BFF forwards in one call.
const maxRequestBody = 1 << 20

// ClientMayCall is the BFF's own access check of a matched call, made before the platform's: a
// client session may name only its own entity or its partner's ({client}) and its own login
// ({user}), and may not call the adviser's client list. The platform checks everything again
// (and more finely, such as view_partner); this keeps a client's probing away from it.
func ClientMayCall(s session.Row, call Call) bool {
	if s.RoleName != "ClientUser" {
		return true
	}
	if call.Route.AdvisersOnly {
		return false
	}
	if call.client != "" {
		id := idOf(call.client)
		if id != s.EntityID && (s.PartnerEntityID == 0 || id != s.PartnerEntityID) {
			return false
		}
	}
	return call.user == "" || idOf(call.user) == s.UserID
}

// Handler forwards calls to the platform.
type Handler struct {
	platform platform.API
	sessions *session.Manager
	// siteAccess gives the site configuration's access lists (site_access.go).
	siteAccess *siteaccess.Source
}

// NewHandler is the forwarding handler. Every dependency is required: without the site access
// lists the BFF could not keep portfolio data from Messages and NotAssigned clients.
func NewHandler(platformClient platform.API, sessions *session.Manager, siteAccess *siteaccess.Source) (*Handler, error) {
	switch {
	case platformClient == nil:
		return nil, errors.New("bff: the platform client is required")
	case sessions == nil:
		return nil, errors.New("bff: the session manager is required")
	case siteAccess == nil:
		return nil, errors.New("bff: the site access source is required")
	}
	return &Handler{platform: platformClient, sessions: sessions, siteAccess: siteAccess}, nil
}

// Screen comes first on the /xplanapi forwarding routes: a call the table does not forward
// answers 404 before any other handler (such as the site-terms step, which the BFF answers
// itself) reads its path.
func (h *Handler) Screen(c *gin.Context) {
	if _, ok := Match(c.Request.Method, strings.TrimPrefix(c.Request.URL.EscapedPath(), "/xplanapi/")); !ok {
		apierr.Write(c, apierr.ErrNotFound)
		return
	}
	c.Next()
}

// Forward is the catch-all of the /xplanapi group: it forwards a call of the table (table.go)
// with the caller's platform session; anything else answers 404, like a missing resource. A
// platform 401 means that session is gone: the BFF session ends too and the browser gets the
// lost-session answer (spec 1 §8).
func (h *Handler) Forward(c *gin.Context) {
	// The escaped path is what the platform receives, and decodes, after the BFF.
	p := strings.TrimPrefix(c.Request.URL.EscapedPath(), "/xplanapi/")
	call, ok := Match(c.Request.Method, p)
	if !ok {
		apierr.Write(c, apierr.ErrNotFound)
		return
	}
	s := session.From(c)
	if s == nil {
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	if !ClientMayCall(s.Row, call) {
		apierr.Write(c, apierr.ErrNotFound)
		return
	}
	if !SiteAccessAllows(h.siteAccessOf(s.Row), call) || h.oneWayRefuses(call) {
		apierr.Write(c, apierr.ErrForbidden)
		return
	}
	target := p
	if c.Request.URL.RawQuery != "" {
		target += "?" + c.Request.URL.RawQuery
	}
	if limit, ok := StreamLimit(call.Route); ok {
		h.forwardStream(c, s, target, limit)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxRequestBody))
	if err != nil {
		writeReadError(c, err)
		return
	}
	if call.Route.Path == BatchPath {
		screened, err := ScreenBatch(h.checker(s.Row), c.ContentType(), readerOf(body))
		if err != nil {
			writeReadError(c, err)
			return
		}
		// Only the screened items go on: the batch's own query and other keys stay behind.
		h.relay(c, s, http.MethodPost, "", "application/json", readerOf(screened))
		return
	}
	if err := screenParams(c.Request, body); err != nil {
		apierr.Write(c, err)
		return
	}
	allowInlineFrame(c, call.Route.Path)
	h.relay(c, s, c.Request.Method, target, c.GetHeader("Content-Type"), readerOf(body), downloadHeaders(c, call))
}

// relay sends one request to the platform and passes its answer on (status, content type,
// body) as it arrives; head (optional) adds headers of the call's own before the status goes.
func (h *Handler) relay(c *gin.Context, s *session.Session, method, target, contentType string, body io.Reader, head ...func(status int)) {
	lost, started := false, false
	err := h.platform.Relay(c.Request.Context(), s.PlatformSession, method, target, contentType, body,
		func(status int, contentType string) io.Writer {
			started = true
			if status == http.StatusUnauthorized {
				lost = true
				return nil
			}
			if contentType != "" {
				c.Header("Content-Type", contentType) // JSON exactly as XPLAN labels it
			}
			for _, f := range head {
				if f != nil {
					f(status)
				}
			}
			c.Status(status)
			if status == http.StatusNoContent {
				return nil
			}
			return c.Writer
		})
	if err != nil && !started {
		writeReadError(c, err)
		return
	}
	// An answer cut short after its head (a remote platform that stalled) ends as it is.
	if lost {
		if err := h.sessions.End(c); err != nil {
			apierr.Write(c, err)
			return
		}
		apierr.Write(c, apierr.ErrNoSession)
	}
}

// writeReadError answers a failure to read or forward a request: 413 for a body over the limit.
func writeReadError(c *gin.Context, err error) {
	apierr.Write(c, apierr.BodyError(err, err))
}
