package auth

import (
	"errors"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
)

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// Handler serves the login, login-step, second-factor, session and logout calls. Build it with
// NewHandler.
type Handler struct {
	Platform Platform
	Sessions *session.Manager
	// Limiter rate-limits logins and codes per account and client address, and site-terms
	// acceptances per user; required (NewHandler).
	Limiter *ratelimit.Limiter
}

// NewHandler builds the handler; the platform client, the session manager and the limiter are
// all required, so a portal missing one does not start rather than serve logins unprotected.
func NewHandler(p Platform, sessions *session.Manager, limiter *ratelimit.Limiter) (*Handler, error) {
	switch {
	case p == nil:
		return nil, errors.New("auth handler: no platform client")
	case sessions == nil:
		return nil, errors.New("auth handler: no session manager")
	case limiter == nil:
		return nil, errors.New("auth handler: no rate limiter")
	}
	return &Handler{Platform: p, Sessions: sessions, Limiter: limiter}, nil
}

// Register adds the auth routes to the /xplanapi group. The group already loads the session.
func (h *Handler) Register(r *gin.RouterGroup) {
	r.POST("/auth/login", apierr.Handler(h.login))
	r.POST("/auth/tfa/validate", apierr.Handler(h.validateCode))
	r.POST("/auth/tfa/device", apierr.Handler(h.enrolDevice))
	r.POST("/auth/password", apierr.Handler(h.forcedPasswordChange))
	r.GET("/session/user", apierr.Handler(h.sessionUserOrProbe))
	r.DELETE("/session", apierr.Handler(h.logout))
}

// RegisterAPI adds the portal API's session and second-factor calls to the /api group (which
// loads the session).
func (h *Handler) RegisterAPI(r *gin.RouterGroup) {
	r.POST("/session/heartbeat", h.Sessions.RequireComplete, apierr.Handler(h.heartbeat))
	tfa := r.Group("/tfa", h.Sessions.RequireComplete, requireClient)
	tfa.GET("/details", apierr.Handler(h.tfaDetails))
	tfa.PUT("/method", apierr.Handler(h.changeTfaMethod))
	tfa.POST("/validate", apierr.Handler(h.validateTfaMethod))
}

// loginAnswer is the answer of the login calls (docs/api-contract.md "The login answer").
type loginAnswer struct {
	LoginStatus          string       `json:"loginStatus"`
	AdditionalLoginSteps []string     `json:"additionalLoginSteps,omitempty"`
	User                 *SessionUser `json:"user,omitempty"`
	MfaMethod            string       `json:"mfaMethod,omitempty"`
	TfaMethods           *[]string    `json:"tfaMethods,omitempty"`
	DeviceEnrolled       bool         `json:"deviceEnrolled,omitempty"`
	SiteTerms            *SiteTerms   `json:"siteTerms,omitempty"`
}

// finish answers a login: a second-factor status with no session, or the user with a new
// session, restricted to the step calls while additional login steps are outstanding.
func (h *Handler) finish(c *gin.Context, res Result) error {
	switch res.Status {
	case StatusMfaRequired:
		apierr.JSON(c, http.StatusOK, loginAnswer{LoginStatus: res.Status, MfaMethod: res.MfaMethod, TfaMethods: &res.TfaMethods})
		return nil
	case StatusMfaEnrolmentLinkDevice:
		apierr.JSON(c, http.StatusOK, loginAnswer{LoginStatus: res.Status, TfaMethods: &res.TfaMethods})
		return nil
	}
	who := IdentityOf(res.User, res.Steps)
	// Issue always makes a new session id and revokes the one the request carried (fixation).
	if _, err := h.Sessions.Issue(c, who, res.PlatformToken); err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, loginAnswer{LoginStatus: res.Status, AdditionalLoginSteps: res.Steps, User: &res.User, SiteTerms: res.SiteTerms})
	return nil
}

// IdentityOf is who a session for the platform's session user is: the login profile's
// inactivity timeout (the one the browser's timer counts down, spec 1 §4), the partner and the
// client_access_level go with it; steps are the additional login steps still to take.
func IdentityOf(su SessionUser, steps []string) session.Identity {
	who := session.Identity{UserID: su.ID, RoleName: su.RoleName, EntityID: su.EntityID, PendingSteps: steps}
	if su.InactiveSessionTimeoutClient > 0 {
		who.IdleTimeout = time.Duration(su.InactiveSessionTimeoutClient) * time.Minute
	}
	if su.ClientAccessLevel != nil {
		who.ClientAccessLevel = su.ClientAccessLevel.Description
	}
	if su.PartnerEntityID != nil {
		who.PartnerEntityID = *su.PartnerEntityID
	}
	return who
}

// POST /xplanapi/auth/login
func (h *Handler) login(c *gin.Context) error {
	var in Credentials
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BodyError(err, apierr.BadRequest("Username and password are required"))
	}
	if err := in.Normalise(); err != nil {
		return err
	}
	settle, err := h.guard(c, in.Username)
	if err != nil {
		return err
	}
	res, err := Login(c.Request.Context(), h.Platform, in, "")
	settle(err)
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

// POST /xplanapi/auth/tfa/validate: without device_id the second factor of a login (MfaRequired;
// the code is joined to the password); with it the first code of a device being enrolled.
func (h *Handler) validateCode(c *gin.Context) error {
	var in codeInput
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BodyError(err, apierr.BadRequest("A security code is required"))
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
	settle, err := h.guard(c, in.Username)
	if err != nil {
		return err
	}
	if in.DeviceID != "" {
		err := h.validateEnrolment(c, in)
		settle(err)
		return err
	}
	res, err := Login(c.Request.Context(), h.Platform, in.Credentials, in.Code)
	settle(err)
	if err != nil {
		return err
	}
	return h.finish(c, res)
}

// POST /api/session/heartbeat: the session was touched by loading it; asking the platform for
// the session user keeps the platform session alive too and gives the answer's fields.
func (h *Handler) heartbeat(c *gin.Context) error {
	su, err := h.platformUser(c)
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, gin.H{"entity_id": su.EntityID, "role_name": su.RoleName, "last_login": su.LastLogin})
	return nil
}

// sessionUser answers GET /xplanapi/session/user for a request with a session (see
// sessionUserOrProbe): while additional login steps are outstanding the session is not a login
// yet, so the answer is the lost-session 401 (a reload shows the login form; the session itself
// stays for the step calls).
func (h *Handler) sessionUser(c *gin.Context) error {
	if len(session.From(c).PendingSteps) > 0 {
		return apierr.ErrNoSession
	}
	su, err := h.platformUser(c)
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, su)
	return nil
}

// platformUser asks the platform who the session's user is; when the platform has ended its
// session (expiry, disabled account) the BFF session ends too.
func (h *Handler) platformUser(c *gin.Context) (SessionUser, error) {
	su, err := h.Platform.SessionUser(c.Request.Context(), session.From(c).PlatformSession)
	su.AdditionalLoginSteps, su.SiteTerms = nil, nil
	return su, h.Sessions.Platform(c, err)
}

// call makes a platform call with the session's platform session (session.Manager.Platform).
func (h *Handler) call(c *gin.Context, s *session.Session, method, path string, body, out any) error {
	return h.Sessions.Platform(c, h.Platform.Do(c.Request.Context(), s.PlatformSession, method, path, body, out))
}

// DELETE /xplanapi/session
func (h *Handler) logout(c *gin.Context) error {
	if s := session.From(c); s != nil {
		// Best effort on the platform side: our own revocation below is what ends access.
		_ = h.Platform.EndSession(c.Request.Context(), s.PlatformSession)
	}
	if err := h.Sessions.End(c); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
