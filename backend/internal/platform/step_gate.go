package platform

import (
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
)

// StepRouter is implemented by a Module some of whose routes are login-step calls, which a
// session with steps outstanding may make ("POST /session/password_reset_questions").
type StepRouter interface {
	StepRoutes() []string
}

// stepRouteSet collects the step routes of the platform (auth.StepRoutes) and its modules.
func stepRouteSet(modules []Module) map[string]bool {
	set := map[string]bool{}
	for _, r := range auth.StepRoutes() {
		set[r] = true
	}
	for _, m := range modules {
		if sr, ok := m.(StepRouter); ok {
			for _, r := range sr.StepRoutes() {
				set[r] = true
			}
		}
	}
	return set
}

// restrict lets a session with steps outstanding through to the step routes only. The BFF
// restricts its own session the same way; this is the platform's own check, so a remote BFF (or
// any other caller holding the session) gets no further.
func (h *Handler) restrict(c *gin.Context, u auth.User) bool {
	steps, err := h.Service.PendingSteps(c.Request.Context(), u)
	if err != nil {
		apierr.Write(c, err)
		return false
	}
	return h.gate(c, steps)
}

// gate records the caller's steps outstanding and lets it through to the step routes only
// while it has any.
func (h *Handler) gate(c *gin.Context, steps []string) bool {
	auth.SetSteps(c, steps)
	if len(steps) == 0 {
		return true
	}
	route := c.Request.Method + " " + strings.TrimPrefix(c.FullPath(), h.base)
	if !h.stepRoutes[route] {
		apierr.Write(c, auth.ErrStepsOutstanding)
		return false
	}
	return true
}
