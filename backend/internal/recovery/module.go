package recovery

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/store"
)

// ErrUnknownApp answers an anonymous call without a known X-Xplan-App-Id.
var ErrUnknownApp = apierr.New(http.StatusUnauthorized, "A known application id is required", apierr.InternalUser)

// PublicModule is the platform's anonymous share of recovery: resources a caller reaches
// without a session, but only as a known application (the X-Xplan-App-Id header), such as the
// portal's BFF.
type PublicModule struct {
	Service *Service
	AppIDs  map[string]bool
	Log     *slog.Logger
}

// NewPublicModule builds the module over the platform's store. The limiter is required; appIDs
// are the applications allowed to call it (at least one).
func NewPublicModule(db *store.DB, sender notify.Sender, now func() time.Time, rnd io.Reader, hashCost int, limiter *ratelimit.Limiter, log *slog.Logger, appIDs ...string) (*PublicModule, error) {
	svc, err := NewService(db, sender, now, rnd, hashCost, limiter)
	if err != nil {
		return nil, err
	}
	m := &PublicModule{Service: svc, AppIDs: map[string]bool{}, Log: log}
	for _, id := range appIDs {
		if id != "" {
			m.AppIDs[id] = true
		}
	}
	if len(m.AppIDs) == 0 {
		return nil, errors.New("recovery: no application id may call the anonymous resources")
	}
	if m.Log == nil {
		m.Log = slog.Default()
	}
	return m, nil
}

// RegisterPublic adds the anonymous routes to r, the /resourceful group outside authentication.
func (m *PublicModule) RegisterPublic(r *gin.RouterGroup) {
	g := r.Group("", m.requireApp)
	g.POST("/forgotten_password", apierr.Handler(m.requestCode))
	g.GET("/forgotten_password", apierr.Handler(m.checkCode))
	g.PUT("/forgotten_password", apierr.Handler(m.reset))
	g.POST("/forgot/username", apierr.Handler(m.remindUsername))
}

func (m *PublicModule) requireApp(c *gin.Context) {
	if !m.AppIDs[c.GetHeader(platform.AppIDHeader)] {
		apierr.Write(c, ErrUnknownApp)
		return
	}
	c.Next()
}

// POST /resourceful/forgotten_password: 204 whether or not the username exists. The answer is
// sent before the code goes out, so how long delivery takes does not tell a known username
// from an unknown one.
func (m *PublicModule) requestCode(c *gin.Context) error {
	var in CodeRequest
	if err := accountsec.BindJSON(c, &in); err != nil {
		return err
	}
	deliver, err := m.Service.RequestCode(c.Request.Context(), in)
	if err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	c.Writer.WriteHeaderNow()
	c.Writer.Flush()
	if deliver != nil {
		ctx := context.WithoutCancel(c.Request.Context())
		if err := deliver(ctx); err != nil {
			// Not the error itself: a provider's message may carry the recipient.
			m.Log.ErrorContext(ctx, "password reset code not delivered", "request_id", c.GetString("request_id"))
		}
	}
	return nil
}

// GET /resourceful/forgotten_password?user_id=&reset_code=
func (m *PublicModule) checkCode(c *gin.Context) error {
	questions, err := m.Service.CheckCode(c.Request.Context(), CodeCheck{UserID: c.Query("user_id"), ResetCode: c.Query("reset_code")})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"questions": questions})
	return nil
}

// PUT /resourceful/forgotten_password
func (m *PublicModule) reset(c *gin.Context) error {
	var in Reset
	if err := accountsec.BindJSON(c, &in); err != nil {
		return err
	}
	if err := m.Service.Reset(c.Request.Context(), in); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// POST /resourceful/forgot/username
func (m *PublicModule) remindUsername(c *gin.Context) error {
	var in UsernameReminder
	if err := accountsec.BindJSON(c, &in); err != nil {
		return err
	}
	if err := m.Service.RemindUsername(c.Request.Context(), in); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
