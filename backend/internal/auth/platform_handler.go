package auth

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// The platform's side of logging in: who the session is, the additional login steps and
// second-factor devices. Parameters follow the resourceful conventions (JSON body or flattened
// form fields). platform.Handler mounts these routes; its authenticate middleware (XPLANID
// cookie or Basic auth) runs before the session ones and records the caller (SetCaller).
//
//	GET  /resourceful/session/user        session or Basic auth           -> SessionUser
//	POST /resourceful/auth/tfa/device     Basic auth; method              -> Enrolment
//	POST /resourceful/auth/tfa/validate   Basic auth; device_id, code     -> {result, mfa_method}
//	POST /resourceful/auth/password       session;    password, new_password -> 204
//	GET  /resourceful/session/tfa         session                         -> {mfa_method, tfa_methods}
//	POST /resourceful/session/tfa/device  session;    method              -> Enrolment
//	POST /resourceful/session/tfa/validate session;   device_id, method, code -> {result, mfa_method}
//
// The auth/tfa calls belong to a login that has not finished: it has proven its password but
// must enrol a second factor before it gets a session, so each call carries the password (HTTP
// Basic auth with the app id) and none starts a session. They serve only a login that needs a
// second factor and has none enrolled: with a device enrolled, the password alone must never
// be enough to add another.

// AppIDHeader names the calling application in a Basic-auth login (the platform's wire
// convention; platform.AppIDHeader is the same header).
const AppIDHeader = "X-Xplan-App-Id"

// PlatformHandler serves the platform's login routes above over the login rules (Service).
type PlatformHandler struct {
	Service *Service
}

// RegisterEnrolment adds the auth/tfa calls of a login that has no session yet to r (the
// /resourceful group): each call carries the password and starts no session.
func (h PlatformHandler) RegisterEnrolment(r *gin.RouterGroup) {
	enrol := r.Group("/auth/tfa", h.enrolmentCredentials)
	enrol.POST("/device", apierr.Handler(h.enrolDevice))
	enrol.POST("/validate", apierr.Handler(h.validateEnrolment))
}

// RegisterSession adds the calls of a platform session to authed (the /resourceful group behind
// the platform's authenticate middleware): who it is, the forced password change step and the
// signed-in change of second factor.
func (h PlatformHandler) RegisterSession(authed *gin.RouterGroup) {
	authed.GET("/session/user", apierr.Handler(h.sessionUser))
	authed.POST("/auth/password", apierr.Handler(h.forcedPasswordChange))
	authed.GET("/session/tfa", apierr.Handler(h.tfaDetails))
	authed.POST("/session/tfa/device", apierr.Handler(h.changeDevice))
	authed.POST("/session/tfa/validate", apierr.Handler(h.validateChangedDevice))
}

// Keys of the platform caller on the gin context. "platform.token" is also read by the
// platform's transactions and batch (the session that owns them) and by accountsec.
const (
	userKey  = "platform.user"
	tokenKey = "platform.token"
)

// SetCaller records the platform session's user and token on the request; the platform's
// authenticate middleware calls it once the caller is proven.
func SetCaller(c *gin.Context, u User, token string) {
	c.Set(userKey, u)
	c.Set(tokenKey, token)
}

// Caller is the request's proven platform caller as SetCaller and SetSteps recorded it: its
// login, session token and login steps outstanding; ok is false before authentication.
func Caller(c *gin.Context) (u User, token string, steps []string, ok bool) {
	v, ok := c.Get(userKey)
	if !ok {
		return User{}, "", nil, false
	}
	return v.(User), c.GetString(tokenKey), stepsOf(c), true
}

// callerOf is the user SetCaller recorded.
func callerOf(c *gin.Context) User { return c.MustGet(userKey).(User) }

// GET /resourceful/session/user: who the session is. While additional login steps are
// outstanding the answer lists them in additional_login_steps, with the site terms to agree to
// in site_terms when SiteTerms is one of them; this is how a Basic-auth login learns its steps.
func (h PlatformHandler) sessionUser(c *gin.Context) error {
	ctx := c.Request.Context()
	u := callerOf(c)
	su, err := h.Service.SessionUser(ctx, u)
	if err != nil {
		return err
	}
	if su, err = h.Service.WithSteps(ctx, su, u, stepsOf(c)); err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, su)
	return nil
}

var errNotEnrolling = apierr.New(http.StatusForbidden, "No second-factor enrolment is due",
	"There is no alternative method of verification available.")

// WriteLoginError answers a failed login: a Challenge with its methods, anything else as usual.
func WriteLoginError(c *gin.Context, err error) {
	var ch *Challenge
	if errors.As(err, &ch) {
		methods := ch.TfaMethods
		if methods == nil {
			methods = []string{}
		}
		c.AbortWithStatusJSON(ch.Err.Status, ChallengeBody{UserMessage: ch.Err.UserMessage, APIMessage: ch.Err.APIMessage,
			MfaMethod: ch.MfaMethod, TfaMethods: methods})
		return
	}
	apierr.Write(c, err)
}

// enrolmentCredentials is the middleware of the auth/tfa calls: Basic auth with the app id, a
// right password, and a login that must enrol a second factor.
func (h PlatformHandler) enrolmentCredentials(c *gin.Context) {
	username, password, ok := c.Request.BasicAuth()
	if !ok {
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	if c.GetHeader(AppIDHeader) == "" {
		apierr.Write(c, apierr.New(http.StatusUnauthorized, "An application id is required", apierr.NoSessionUser))
		return
	}
	u, err := h.Service.CheckPassword(c.Request.Context(), username, password)
	if err != nil {
		apierr.Write(c, err)
		return
	}
	if !u.SecondFactorRequired() || u.MFAMethod != "" {
		apierr.Write(c, errNotEnrolling)
		return
	}
	c.Set(userKey, u)
	c.Next()
}

// POST /resourceful/auth/tfa/device
func (h PlatformHandler) enrolDevice(c *gin.Context) error {
	p, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	e, err := h.Service.StartEnrolment(c.Request.Context(), callerOf(c), p.String("method"))
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, e)
	return nil
}

// linkAnswer is the answer of a device's first code.
type linkAnswer struct {
	Result    string `json:"result"`
	MfaMethod string `json:"mfa_method,omitempty"`
}

// POST /resourceful/auth/tfa/validate: a right code links the device and, for sms and email,
// sends the login code the login goes on with (spec 1 §4: the device is enrolled and needs one
// more verification).
func (h PlatformHandler) validateEnrolment(c *gin.Context) error {
	ctx := c.Request.Context()
	p, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	u := callerOf(c)
	method, ok, err := h.Service.LinkDevice(ctx, u, p.String("device_id"), p.String("method"), p.String("code"))
	if err != nil {
		return err
	}
	if !ok {
		apierr.JSON(c, http.StatusOK, linkAnswer{Result: ResultBadOTP})
		return nil
	}
	if method != MethodToken {
		linked, err := h.Service.Store.UserByID(ctx, u.ID)
		if err != nil {
			return err
		}
		if err := h.Service.sendLoginCode(ctx, linked); err != nil {
			return err
		}
	}
	apierr.JSON(c, http.StatusOK, linkAnswer{Result: ResultDeviceLinked, MfaMethod: method})
	return nil
}

// POST /resourceful/auth/password: the ForceChangePassword step, by the session that has it
// outstanding (a session, not Basic auth: the second factor, when the login has one, was
// passed to get it). Other sessions of the user end.
func (h PlatformHandler) forcedPasswordChange(c *gin.Context) error {
	p, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	u := callerOf(c)
	if err := h.Service.ChangeForcedPassword(c.Request.Context(), u, c.GetString(tokenKey),
		p.String("password"), p.String("new_password")); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// tfaDetails is the answer of GET session/tfa.
type tfaDetails struct {
	MfaMethod  *string  `json:"mfa_method"`
	TfaMethods []string `json:"tfa_methods"`
}

// clientOnly refuses the signed-in second-factor calls to anyone but a client (spec 1 §2: the
// Additional verification page is for clients).
func clientOnly(c *gin.Context) (User, error) {
	u := callerOf(c)
	if u.RoleName != RoleClient {
		return u, apierr.ErrForbidden
	}
	return u, nil
}

// GET /resourceful/session/tfa: the session user's second-factor method (null when none) and
// the methods the firm lets it switch to, the current one included.
func (h PlatformHandler) tfaDetails(c *gin.Context) error {
	u, err := clientOnly(c)
	if err != nil {
		return err
	}
	d := tfaDetails{TfaMethods: u.FirmMFAMethods}
	if u.MFAMethod != "" {
		m := u.MFAMethod
		d.MfaMethod = &m
	}
	apierr.JSON(c, http.StatusOK, d)
	return nil
}

// POST /resourceful/session/tfa/device: starts a change of second-factor method.
func (h PlatformHandler) changeDevice(c *gin.Context) error {
	u, err := clientOnly(c)
	if err != nil {
		return err
	}
	p, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	e, err := h.Service.StartEnrolment(c.Request.Context(), u, p.String("method"))
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, e)
	return nil
}

// POST /resourceful/session/tfa/validate: a right code switches the method; the user's other
// platform sessions end (a change of second factor is a change of credentials).
func (h PlatformHandler) validateChangedDevice(c *gin.Context) error {
	u, err := clientOnly(c)
	if err != nil {
		return err
	}
	p, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	ctx := c.Request.Context()
	method, ok, err := h.Service.LinkDevice(ctx, u, p.String("device_id"), p.String("method"), p.String("code"))
	if err != nil {
		return err
	}
	if !ok {
		apierr.JSON(c, http.StatusOK, linkAnswer{Result: ResultBadOTP})
		return nil
	}
	if err := h.Service.Store.EndOtherSessions(ctx, u.ID, tokenHash(c.GetString(tokenKey))); err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, linkAnswer{Result: ResultDeviceLinked, MfaMethod: method})
	return nil
}
