package biometric

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
)

// ErrStepsDue refuses a biometric login while the login has steps to take (site terms, security
// questions, a new password): those need the password form.
var ErrStepsDue = apierr.New(http.StatusForbidden, "Additional login steps are outstanding",
	"Please log in with your username and password to finish setting up your account.")

// Module is the platform's side: the signed-in device calls (a platform.Module) and the
// anonymous exchange of a device credential for a session, for known applications only.
type Module struct {
	Service  *Service
	Platform *auth.Service
	AppIDs   map[string]bool
}

// NewModule builds the module over the platform's store and session service; appIDs may call
// the anonymous exchange.
func NewModule(db *store.DB, svc *auth.Service, now func() time.Time, rnd io.Reader, appIDs ...string) *Module {
	permissions := accountsec.SQLStore{DB: db}
	m := &Module{Platform: svc, AppIDs: map[string]bool{},
		Service: &Service{Store: SQLStore{DB: db}, Now: now, Rand: rnd,
			Permission: func(ctx context.Context, userID int64) (int, error) {
				return permissions.BiometricPermission(ctx, userID)
			}}}
	for _, id := range appIDs {
		if id != "" {
			m.AppIDs[id] = true
		}
	}
	return m
}

// Register adds the signed-in routes to the authenticated /resourceful group.
func (m *Module) Register(r *gin.RouterGroup) {
	r.GET("/session/biometric_device", m.handle(m.list))
	r.POST("/session/biometric_device", m.handle(m.enrol))
	r.DELETE("/session/biometric_device/:id", m.handle(m.revoke))
}

// RegisterPublic adds the anonymous exchange to r, the /resourceful group outside authentication.
func (m *Module) RegisterPublic(r *gin.RouterGroup) {
	r.POST("/auth/biometric", apierr.Handler(m.login))
}

func (m *Module) handle(fn func(c *gin.Context, p access.Principal) error) gin.HandlerFunc {
	return apierr.Handler(func(c *gin.Context) error {
		p, ok := access.From(c.Request.Context())
		if !ok {
			return apierr.ErrNoSession
		}
		return fn(c, p)
	})
}

// GET /resourceful/session/biometric_device
func (m *Module) list(c *gin.Context, p access.Principal) error {
	devices, err := m.Service.List(c.Request.Context(), p.UserID)
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, devices)
	return nil
}

// POST /resourceful/session/biometric_device {device_name}
func (m *Module) enrol(c *gin.Context, p access.Principal) error {
	var in struct {
		DeviceName string `json:"device_name"`
	}
	if err := accountsec.BindJSON(c, &in); err != nil {
		return err
	}
	e, err := m.Service.Enrol(c.Request.Context(), p.UserID, in.DeviceName)
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusCreated, e)
	return nil
}

// DELETE /resourceful/session/biometric_device/:id
func (m *Module) revoke(c *gin.Context, p access.Principal) error {
	if err := m.Service.Revoke(c.Request.Context(), p.UserID, c.Param("id")); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// Exchange is the body of POST /resourceful/auth/biometric.
type Exchange struct {
	DeviceID   string `json:"device_id"`
	Credential string `json:"credential"`
}

// ExchangeAnswer is its answer: the session user and the device's next credential; the
// session itself is the XPLANID cookie, as after a Basic-auth login.
type ExchangeAnswer struct {
	User       auth.SessionUser `json:"user"`
	Credential string           `json:"credential"`
}

// POST /resourceful/auth/biometric: a device credential for a platform session. The credential
// rotates only once the login is known to be able to start a session, so a refusal never
// leaves the app holding a spent credential.
func (m *Module) login(c *gin.Context) error {
	appID := c.GetHeader(platform.AppIDHeader)
	if !m.AppIDs[appID] {
		return apierr.New(http.StatusUnauthorized, "A known application id is required", apierr.InternalUser)
	}
	var in Exchange
	if err := accountsec.BindJSON(c, &in); err != nil {
		return err
	}
	ctx := c.Request.Context()
	d, err := m.Service.Verify(ctx, in.DeviceID, in.Credential)
	if err != nil {
		return err
	}
	u, err := m.Platform.Store.UserByID(ctx, d.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return ErrRefused
	}
	if err != nil {
		return err
	}
	if u.Disabled {
		return apierr.New(http.StatusForbidden, apierr.AccountDisabled, apierr.AccountDisabled)
	}
	steps, err := m.Platform.PendingSteps(ctx, u)
	if err != nil {
		return err
	}
	if len(steps) > 0 {
		return ErrStepsDue
	}
	next, err := m.Service.Rotate(ctx, d)
	if err != nil {
		return err
	}
	token, err := m.Platform.StartSession(ctx, u, appID)
	if err != nil {
		return err
	}
	su, err := m.Platform.SessionUser(ctx, u)
	if err != nil {
		return err
	}
	http.SetCookie(c.Writer, &http.Cookie{Name: platform.SessionCookie, Value: token, Path: "/", HttpOnly: true,
		Secure: c.Request.TLS != nil, SameSite: http.SameSiteLaxMode})
	apierr.JSON(c, http.StatusOK, ExchangeAnswer{User: su, Credential: next})
	return nil
}
