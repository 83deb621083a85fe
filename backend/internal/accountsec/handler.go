package accountsec

import (
	"context"
	"errors"
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
)

// StepSetSecurityQuestions is the additional login step this package completes (spec 1 §3).
const StepSetSecurityQuestions = "SetSecurityQuestions"

// Platform is what the BFF handlers need from the planning platform client.
type Platform interface {
	Do(ctx context.Context, token, method, path string, body, out any) error
}

// Handler is the BFF side: the browser's calls, forwarded with the session's platform session.
// Build it with NewHandler.
type Handler struct {
	Platform Platform
	Sessions *session.Manager
	// CompleteStep is called when security questions were set as the SetSecurityQuestions login
	// step; nil removes the step from the session (Sessions.CompleteStep).
	CompleteStep func(c *gin.Context) error
	// Rotate is called after a password change: the user's other sessions end and this one
	// continues under a new id. nil does that with Sessions (RotateSession).
	Rotate func(c *gin.Context) error
	// Limiter limits the user's writes (ratelimit.ScopeWrite); required: without it every
	// write is refused.
	Limiter *ratelimit.Limiter
}

// spend counts one write of the session's user against the write limit.
func (h *Handler) spend(c *gin.Context) error {
	return h.Limiter.Spend(c, ratelimit.WriteKey(session.From(c).UserID))
}

// NewHandler builds the BFF handler; the platform client and the session manager are required.
func NewHandler(p Platform, sessions *session.Manager, limiter *ratelimit.Limiter) (*Handler, error) {
	switch {
	case p == nil:
		return nil, errors.New("accountsec handler: no platform client")
	case sessions == nil:
		return nil, errors.New("accountsec handler: no session manager")
	case limiter == nil:
		return nil, errors.New("accountsec handler: no rate limiter")
	}
	return &Handler{Platform: p, Sessions: sessions, Limiter: limiter}, nil
}

// Register adds the /xplanapi calls (the group loads the session).
func (h *Handler) Register(xplan *gin.RouterGroup) {
	xplan.POST("/session/password", h.Sessions.RequireComplete, apierr.Handler(h.changePassword))
	xplan.POST("/session/password_reset_questions", h.Sessions.Require, apierr.Handler(h.setQuestions))
}

// RegisterAPI adds the portal's own /api calls (the group loads the session).
func (h *Handler) RegisterAPI(api *gin.RouterGroup) {
	api.GET("/biometric/permission", h.Sessions.RequireComplete, apierr.Handler(h.getPermission))
	api.PUT("/biometric/permission", h.Sessions.RequireComplete, apierr.Handler(h.putPermission))
}

// call asks the platform on behalf of the session (session.Manager.Platform).
func (h *Handler) call(c *gin.Context, method, path string, body, out any) error {
	s := session.From(c)
	return h.Sessions.Platform(c, h.Platform.Do(c.Request.Context(), s.PlatformSession, method, path, body, out))
}

// POST /xplanapi/session/password
func (h *Handler) changePassword(c *gin.Context) error {
	s := session.From(c)
	if s.RoleName != auth.RoleClient {
		return apierr.ErrForbidden
	}
	var in ChangePassword
	if err := BindJSON(c, &in); err != nil {
		return err
	}
	if err := h.spend(c); err != nil {
		return err
	}
	if in.UserID != nil && *in.UserID != s.UserID {
		return apierr.ErrForbidden
	}
	if err := h.call(c, http.MethodPost, "session/password", in, nil); err != nil {
		return err
	}
	rotate := h.Rotate
	if rotate == nil {
		rotate = h.RotateSession
	}
	if err := rotate(c); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// RotateSession ends every BFF session of the request's user and continues the request's
// session under a new id (new cookie), keeping its platform session: after a password change
// nobody holding an old cookie stays signed in.
func (h *Handler) RotateSession(c *gin.Context) error {
	s := session.From(c)
	who := s.Identity()
	if err := h.Sessions.RevokeUser(c, s.UserID); err != nil {
		return err
	}
	_, err := h.Sessions.Issue(c, who, s.PlatformSession)
	return err
}

// POST /xplanapi/session/password_reset_questions: the Security questions page (a client's full
// session) or the SetSecurityQuestions login step (a restricted session with that step due).
func (h *Handler) setQuestions(c *gin.Context) error {
	s := session.From(c)
	asStep := len(s.PendingSteps) > 0
	switch {
	case asStep && !slices.Contains(s.PendingSteps, StepSetSecurityQuestions):
		return session.ErrStepsOutstanding
	case !asStep && s.RoleName != auth.RoleClient:
		return apierr.ErrForbidden
	}
	var in QuestionsBody
	if err := BindJSON(c, &in); err != nil {
		return err
	}
	if err := CheckQuestions(in.Questions, 0); err != nil {
		return err
	}
	if err := h.spend(c); err != nil {
		return err
	}
	if err := h.call(c, http.MethodPost, "session/password_reset_questions", in, nil); err != nil {
		return err
	}
	if asStep {
		complete := h.CompleteStep
		if complete == nil {
			complete = func(c *gin.Context) error { return h.Sessions.CompleteStep(c, StepSetSecurityQuestions) }
		}
		if err := complete(c); err != nil {
			return err
		}
	}
	c.Status(http.StatusNoContent)
	return nil
}

// GET /api/biometric/permission
func (h *Handler) getPermission(c *gin.Context) error {
	var out Permission
	if err := h.call(c, http.MethodGet, "session/biometric_permission", nil, &out); err != nil {
		return err
	}
	return answerPermission(c, out)
}

// answerPermission relays the platform's permission; anything but 1 or 0 is the platform's
// fault, a 500.
func answerPermission(c *gin.Context, out Permission) error {
	v, err := CheckPermission(out)
	if err != nil {
		return errors.New("platform answered a biometric permission other than 1 or 0")
	}
	c.JSON(http.StatusOK, gin.H{"permission": v})
	return nil
}

// PUT /api/biometric/permission
func (h *Handler) putPermission(c *gin.Context) error {
	var in Permission
	if err := BindJSON(c, &in); err != nil {
		return err
	}
	if _, err := CheckPermission(in); err != nil {
		return err
	}
	if err := h.spend(c); err != nil {
		return err
	}
	var out Permission
	if err := h.call(c, http.MethodPut, "session/biometric_permission", in, &out); err != nil {
		return err
	}
	return answerPermission(c, out)
}
