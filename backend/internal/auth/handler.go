package auth

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/session"
)

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// Handler serves the login, session and logout calls.
type Handler struct {
	Platform Platform
	Sessions *session.Manager
}

// Register adds the auth routes to the /xplanapi group. The group already loads the session.
func (h *Handler) Register(r *gin.RouterGroup) {
	r.POST("/auth/login", apierr.Handler(h.login))
	r.POST("/auth/tfa/validate", apierr.Handler(h.validateCode))
	r.GET("/session/user", h.Sessions.Require, apierr.Handler(h.sessionUser))
	r.DELETE("/session", apierr.Handler(h.logout))
}

type loginAnswer struct {
	LoginStatus string                `json:"loginStatus"`
	User        *platform.SessionUser `json:"user,omitempty"`
	MfaMethod   string                `json:"mfaMethod,omitempty"`
	TfaMethods  []string              `json:"tfaMethods,omitempty"`
}

func (h *Handler) finish(c *gin.Context, res Result) error {
	if res.Status == StatusMfaRequired {
		c.JSON(http.StatusOK, loginAnswer{LoginStatus: res.Status, MfaMethod: res.MfaMethod, TfaMethods: []string{res.MfaMethod}})
		return nil
	}
	who := session.Identity{UserID: res.User.ID, RoleName: res.User.RoleName, EntityID: res.User.EntityID}
	if res.User.PartnerEntityID != nil {
		who.PartnerEntityID = *res.User.PartnerEntityID
	}
	if _, err := h.Sessions.Issue(c, who, res.PlatformToken); err != nil {
		return err
	}
	c.JSON(http.StatusOK, loginAnswer{LoginStatus: res.Status, User: &res.User})
	return nil
}

// POST /xplanapi/auth/login
func (h *Handler) login(c *gin.Context) error {
	var in Credentials
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BadRequest("Username and password are required")
	}
	if err := in.Normalise(); err != nil {
		return err
	}
	res, err := Login(c.Request.Context(), h.Platform, in, "")
	if err != nil {
		return err
	}
	return h.finish(c, res)
}

type codeInput struct {
	Credentials
	DeviceID       string `json:"device_id"`
	Method         string `json:"method"`
	Code           string `json:"code"`
	LoginOnSuccess bool   `json:"loginOnSuccess"`
}

// POST /xplanapi/auth/tfa/validate
func (h *Handler) validateCode(c *gin.Context) error {
	var in codeInput
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BadRequest("A security code is required")
	}
	if err := in.Normalise(); err != nil {
		return err
	}
	in.Code = strings.TrimSpace(in.Code)
	if in.Code == "" {
		return apierr.BadRequest("A security code is required")
	}
	if !sixDigits.MatchString(in.Code) {
		return apierr.BadRequest("Please enter the verification code sent to you")
	}
	res, err := Login(c.Request.Context(), h.Platform, in.Credentials, in.Code)
	if err != nil {
		return err
	}
	return h.finish(c, res)
}

// RegisterAPI adds the portal API's session calls to the /api group (which loads the session).
func (h *Handler) RegisterAPI(r *gin.RouterGroup) {
	r.POST("/session/heartbeat", h.Sessions.Require, apierr.Handler(h.heartbeat))
}

// POST /api/session/heartbeat: the session was touched by loading it; asking the platform for
// the session user keeps the platform session alive too and gives the answer's fields.
func (h *Handler) heartbeat(c *gin.Context) error {
	su, err := h.platformUser(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"entity_id": su.EntityID, "role_name": su.RoleName, "last_login": su.LastLogin})
	return nil
}

// GET /xplanapi/session/user
func (h *Handler) sessionUser(c *gin.Context) error {
	su, err := h.platformUser(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, su)
	return nil
}

// platformUser asks the platform who the session's user is; when the platform has ended its
// session (expiry, disabled account) the BFF session ends too.
func (h *Handler) platformUser(c *gin.Context) (platform.SessionUser, error) {
	s := session.From(c)
	var su platform.SessionUser
	err := h.Platform.Do(c.Request.Context(), s.PlatformSession, http.MethodGet, "session/user", nil, &su)
	if ae, ok := err.(*apierr.Error); ok && ae.Status == http.StatusUnauthorized {
		if err := h.Sessions.End(c); err != nil {
			return su, err
		}
		return su, apierr.ErrNoSession
	}
	return su, err
}

// DELETE /xplanapi/session
func (h *Handler) logout(c *gin.Context) error {
	if s := session.From(c); s != nil {
		// Best effort on the platform side: our own revocation below is what ends access.
		_ = h.Platform.Do(c.Request.Context(), s.PlatformSession, http.MethodDelete, "session", nil, nil)
	}
	if err := h.Sessions.End(c); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
