// Package bff is the backend-for-frontend's pass-through: the browser calls the spec's
// /xplanapi/... paths and the BFF forwards them to the planning platform's /resourceful/...
// with the platform session it keeps server-side, so the browser never holds a platform
// credential. It also serves the BFF's own aggregate calls under /bff/api (account/transactions).
package bff

import (
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
)

// maxRequestBody bounds what the BFF forwards in one call.
const maxRequestBody = 1 << 20

// forwardedPrefixes are the platform resources the browser may reach through /xplanapi. Anything
// else (sysadmin screens, other users' sessions) is not part of the portal and answers 404.
var forwardedPrefixes = []string{
	"entity/", "portfolio/", "security/", "adviser/", "ufield/", "feature_toggle/",
	"session/capability", "session/feature_access", "session/user/adviser", "session/transaction",
	"sysadmin/loginsetting/login_profile/", "site",
}

// Allowed reports whether the platform path p (without a leading slash) may be forwarded.
func Allowed(p string) bool {
	if p == "" { // the batch endpoint
		return true
	}
	if strings.Contains(p, "..") || strings.Contains(p, "//") {
		return false
	}
	for _, prefix := range forwardedPrefixes {
		if p == strings.TrimSuffix(prefix, "/") || strings.HasPrefix(p, prefix) {
			if prefix == "site" && p != "site" {
				return false
			}
			return true
		}
	}
	return false
}

// clientEntityPath matches the calls that name a client entity.
var clientEntityPath = regexp.MustCompile(`^entity/client(?:-v[34])?/([^/?]+)`)

// ClientMayCall is the BFF's own access check, made before the platform's: a client session may
// name only its own entity or its partner's in entity/client paths, and may not call the
// adviser's client list. The platform checks everything again (and more finely, such as
// view_partner); this keeps a client's probing away from it.
func ClientMayCall(s session.Row, path string) bool {
	if s.RoleName != "ClientUser" {
		return true
	}
	if path == "entity/client-v3" || path == "entity/client" {
		return false
	}
	m := clientEntityPath.FindStringSubmatch(path)
	if m == nil {
		return true
	}
	id, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return false
	}
	return id == s.EntityID || (s.PartnerEntityID != 0 && id == s.PartnerEntityID)
}

// Handler forwards calls to the platform.
type Handler struct {
	Platform *platform.Client
	Sessions *session.Manager
	// SiteAccess gives the site configuration's access lists (site_access.go); nil does not
	// limit by site access.
	SiteAccess *siteaccess.Source
}

// Forward is the catch-all of the /xplanapi group: it forwards an allowed call with the caller's
// platform session. A platform 401 means that session is gone: the BFF session ends too and the
// browser gets the lost-session answer (spec 1 §8).
func (h *Handler) Forward(c *gin.Context) {
	// The escaped path keeps an encoded slash (security/GBP%2FUSD/FX) encoded on the way on.
	p := strings.TrimPrefix(strings.TrimPrefix(c.Request.URL.EscapedPath(), "/xplanapi"), "/")
	if !Allowed(p) || !Allowed(strings.TrimPrefix(strings.TrimPrefix(c.Request.URL.Path, "/xplanapi"), "/")) {
		apierr.Write(c, apierr.ErrNotFound)
		return
	}
	if p == "" && c.Request.Method != http.MethodPost {
		apierr.Write(c, apierr.ErrNotFound)
		return
	}
	s := session.From(c)
	if s == nil {
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	if !ClientMayCall(s.Row, p) {
		apierr.Write(c, apierr.ErrNotFound)
		return
	}
	if !SiteAccessAllows(h.siteAccessOf(s.Row), p) {
		apierr.Write(c, apierr.ErrForbidden)
		return
	}
	target := p
	if c.Request.URL.RawQuery != "" {
		target += "?" + c.Request.URL.RawQuery
	}
	var body io.Reader = http.MaxBytesReader(c.Writer, c.Request.Body, maxRequestBody)
	if p == "" {
		screened, err := ScreenBatch(h.checker(s.Row), c.ContentType(), body)
		if err != nil {
			writeReadError(c, err)
			return
		}
		body = readerOf(screened)
	}
	h.relay(c, s, c.Request.Method, target, c.GetHeader("Content-Type"), body)
}

// relay sends one request to the platform and copies its answer (status, content type, body).
func (h *Handler) relay(c *gin.Context, s *session.Session, method, target, contentType string, body io.Reader) {
	res, err := h.Platform.Forward(c.Request.Context(), s.PlatformSession, method, target, contentType, body)
	if err != nil {
		writeReadError(c, err)
		return
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusUnauthorized {
		if err := h.Sessions.End(c); err != nil {
			apierr.Write(c, err)
			return
		}
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	if ct := res.Header.Get("Content-Type"); ct != "" {
		c.Header("Content-Type", ct)
	}
	c.Status(res.StatusCode)
	if res.StatusCode != http.StatusNoContent {
		_, _ = io.Copy(c.Writer, res.Body)
	}
}

// writeReadError answers a failure to read or forward a request: 413 for a body over the limit.
func writeReadError(c *gin.Context, err error) {
	apierr.Write(c, apierr.BodyError(err, err))
}
