package biometric

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
)

// Handler is the BFF side of biometric login, under /api/biometric. Build it with NewHandler.
type Handler struct {
	Platform platform.API
	Sessions *session.Manager
	// Limiter limits exchanges per device and client address, and enrolments and revocations
	// per user (ratelimit.ScopeWrite); required (NewHandler).
	Limiter *ratelimit.Limiter
}

// NewHandler builds the handler; the platform client, the session manager and the limiter are
// all required.
func NewHandler(p platform.API, sessions *session.Manager, limiter *ratelimit.Limiter) (*Handler, error) {
	switch {
	case p == nil:
		return nil, errors.New("biometric handler: no platform client")
	case sessions == nil:
		return nil, errors.New("biometric handler: no session manager")
	case limiter == nil:
		return nil, errors.New("biometric handler: no rate limiter")
	}
	return &Handler{Platform: p, Sessions: sessions, Limiter: limiter}, nil
}

// Register adds the routes to the /api group (which loads the session).
func (h *Handler) Register(api *gin.RouterGroup) {
	api.POST("/biometric/login", apierr.Handler(h.login))
	devices := api.Group("/biometric/devices", h.Sessions.RequireComplete)
	devices.GET("", apierr.Handler(h.list))
	devices.POST("", apierr.Handler(h.enrol))
	devices.DELETE("/:id", apierr.Handler(h.revoke))
}

// call makes a platform call with the session's platform session (session.Manager.Platform).
func (h *Handler) call(c *gin.Context, method, path string, body, out any) error {
	s := session.From(c)
	return h.Sessions.Platform(c, h.Platform.Do(c.Request.Context(), s.PlatformSession, method, path, body, out))
}

// GET /api/biometric/devices: the user's enrolled devices.
func (h *Handler) list(c *gin.Context) error {
	var out []DeviceInfo
	if err := h.call(c, http.MethodGet, "session/biometric_device", nil, &out); err != nil {
		return err
	}
	if out == nil {
		out = []DeviceInfo{}
	}
	apierr.JSON(c, http.StatusOK, out)
	return nil
}

// POST /api/biometric/devices {device_name}: enrols this device (the permission must be 1); the
// answer's credential is shown once, to go into the device's secure storage.
func (h *Handler) enrol(c *gin.Context) error {
	var in struct {
		DeviceName string `json:"device_name"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BodyError(err, apierr.BadRequest("device_name is required"))
	}
	if err := h.Limiter.Spend(c, ratelimit.WriteKey(session.From(c).UserID)); err != nil {
		return err
	}
	var out Enrolment
	if err := h.call(c, http.MethodPost, "session/biometric_device", map[string]string{"device_name": DeviceName(in.DeviceName)}, &out); err != nil {
		return err
	}
	apierr.JSON(c, http.StatusCreated, out)
	return nil
}

// DELETE /api/biometric/devices/:id
func (h *Handler) revoke(c *gin.Context) error {
	if err := h.Limiter.Spend(c, ratelimit.WriteKey(session.From(c).UserID)); err != nil {
		return err
	}
	if err := h.call(c, http.MethodDelete, "session/biometric_device/"+url.PathEscape(c.Param("id")), nil, nil); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// loginAnswer is the login answer (docs/api-contract.md) with the device's next credential.
type loginAnswer struct {
	LoginStatus string           `json:"loginStatus"`
	User        auth.SessionUser `json:"user"`
	Credential  string           `json:"credential"`
}

// POST /api/biometric/login {device_id, credential}: after the app's biometric check, the device
// credential for a session (a new session id, as at every login) and the next credential.
func (h *Handler) login(c *gin.Context) error {
	var in Exchange
	if err := c.ShouldBindJSON(&in); err != nil || in.DeviceID == "" || in.Credential == "" {
		return apierr.BodyError(err, ErrRefused)
	}
	settle, err := h.Limiter.Guard(c, ratelimit.AccountKey("device:"+in.DeviceID), ratelimit.AddressKeyOf(c))
	if err != nil {
		return err
	}
	var out ExchangeAnswer
	token, err := h.Platform.StartWith(c.Request.Context(), "auth/biometric", in, &out)
	settle(err)
	if err != nil {
		return err
	}
	if _, err := h.Sessions.Issue(c, auth.IdentityOf(out.User, nil), token); err != nil {
		return err
	}
	out.User.AdditionalLoginSteps, out.User.SiteTerms = nil, nil
	apierr.JSON(c, http.StatusOK, loginAnswer{LoginStatus: "LoginSuccess", User: out.User, Credential: out.Credential})
	return nil
}
