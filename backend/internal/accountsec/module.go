package accountsec

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/store"
)

// ArgumentsIncorrect is the platform's answer to a body it cannot read.
const ArgumentsIncorrect = "One or more of the arguments are missing or incorrect."

// maxBody bounds the JSON bodies of these calls.
const maxBody = 64 << 10

// platformTokenKey is where the platform's authenticate middleware keeps the caller's session
// token on the gin context.
const platformTokenKey = "platform.token"

// Module is the platform's share of account security: the signed-in calls under
// /resourceful/session/. It is a platform.Module.
type Module struct{ Service *Service }

// NewModule builds the module over the platform's store; hashCost is the bcrypt cost. The
// limiter and permissionWithdrawn (Service.PermissionWithdrawn) are required.
func NewModule(db *store.DB, now func() time.Time, hashCost int, limiter *ratelimit.Limiter, permissionWithdrawn func(ctx context.Context, userID int64) error) (*Module, error) {
	svc, err := NewService(db, now, hashCost, limiter, permissionWithdrawn)
	if err != nil {
		return nil, err
	}
	return &Module{Service: svc}, nil
}

// Register adds the routes to the authenticated /resourceful group.
func (m *Module) Register(r *gin.RouterGroup) {
	r.POST("/session/password", m.handle(m.changePassword))
	r.POST("/session/password_reset_questions", m.handle(m.setQuestions))
	r.GET("/session/biometric_permission", m.handle(m.getPermission))
	r.PUT("/session/biometric_permission", m.handle(m.putPermission))
}

// StepRoutes lets a platform session with login steps outstanding set its security questions
// (the SetSecurityQuestions step); it makes Module a platform.StepRouter.
func (m *Module) StepRoutes() []string {
	return []string{"POST /session/password_reset_questions"}
}

type endpoint func(c *gin.Context, p access.Principal) error

func (m *Module) handle(fn endpoint) gin.HandlerFunc {
	return apierr.Handler(func(c *gin.Context) error {
		p, ok := access.From(c.Request.Context())
		if !ok {
			return apierr.ErrNoSession
		}
		return fn(c, p)
	})
}

// BindJSON reads a JSON body of at most 64 KiB into v: a longer one is a 413
// (apierr.ErrTooLarge), anything else unreadable the platform's "arguments" 400.
func BindJSON(c *gin.Context, v any) error {
	if err := json.NewDecoder(http.MaxBytesReader(c.Writer, c.Request.Body, maxBody)).Decode(v); err != nil {
		return apierr.BodyError(err, apierr.BadRequest(ArgumentsIncorrect))
	}
	return nil
}

// POST /resourceful/session/password
func (m *Module) changePassword(c *gin.Context, p access.Principal) error {
	var in ChangePassword
	if err := BindJSON(c, &in); err != nil {
		return err
	}
	if err := m.Service.ChangePassword(c.Request.Context(), p, c.GetString(platformTokenKey), in); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// POST /resourceful/session/password_reset_questions
func (m *Module) setQuestions(c *gin.Context, p access.Principal) error {
	var in QuestionsBody
	if err := BindJSON(c, &in); err != nil {
		return err
	}
	if err := m.Service.SetQuestions(c.Request.Context(), p, in.Questions); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// GET /resourceful/session/biometric_permission
func (m *Module) getPermission(c *gin.Context, p access.Principal) error {
	v, err := m.Service.BiometricPermission(c.Request.Context(), p)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"permission": v})
	return nil
}

// PUT /resourceful/session/biometric_permission
func (m *Module) putPermission(c *gin.Context, p access.Principal) error {
	var in Permission
	if err := BindJSON(c, &in); err != nil {
		return err
	}
	v, err := m.Service.SetBiometricPermission(c.Request.Context(), p, in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"permission": v})
	return nil
}
