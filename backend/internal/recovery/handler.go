package recovery

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/ratelimit"
)

// Handler is the BFF side of help with logging in: anonymous calls, checked here and answered
// by the platform's anonymous resources. Build it with NewHandler.
type Handler struct {
	Platform platform.API
	// Limiter limits the calls per client address (limits.go).
	Limiter *ratelimit.Limiter
}

// NewHandler builds the BFF handler; the platform client and the limiter are required.
func NewHandler(p platform.API, limiter *ratelimit.Limiter) (*Handler, error) {
	switch {
	case p == nil:
		return nil, errors.New("recovery handler: no platform client")
	case limiter == nil:
		return nil, errors.New("recovery handler: no rate limiter")
	}
	return &Handler{Platform: p, Limiter: limiter}, nil
}

// Register adds the calls to the /xplanapi group; none needs a session.
func (h *Handler) Register(xplan *gin.RouterGroup) {
	xplan.POST("/forgotten_password", apierr.Handler(h.requestCode))
	xplan.GET("/forgotten_password", apierr.Handler(h.checkCode))
	xplan.PUT("/forgotten_password", apierr.Handler(h.reset))
	xplan.POST("/forgot/username", apierr.Handler(h.remindUsername))
}

func (h *Handler) public(c *gin.Context, method, path string, query url.Values, body, out any) error {
	if err := h.Platform.Anonymous(c.Request.Context(), method, path, query, body, out); err != nil {
		return relayable(method, path, err)
	}
	return nil
}

// POST /xplanapi/forgotten_password
func (h *Handler) requestCode(c *gin.Context) error {
	var in CodeRequest
	if err := accountsec.BindJSON(c, &in); err != nil {
		return err
	}
	if err := in.Normalise(); err != nil {
		return err
	}
	if err := h.guarded(c, true, func() error { return h.public(c, http.MethodPost, "forgotten_password", nil, in, nil) }); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

type questionsAnswer struct {
	Questions []string `json:"questions"`
}

// GET /xplanapi/forgotten_password?user_id=&reset_code=
func (h *Handler) checkCode(c *gin.Context) error {
	in := CodeCheck{UserID: c.Query("user_id"), ResetCode: c.Query("reset_code")}
	if err := in.Normalise(); err != nil {
		return err
	}
	var out questionsAnswer
	query := url.Values{"user_id": {in.UserID}, "reset_code": {in.ResetCode}}
	if err := h.guarded(c, false, func() error { return h.public(c, http.MethodGet, "forgotten_password", query, nil, &out) }); err != nil {
		return err
	}
	if out.Questions == nil {
		out.Questions = []string{}
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// PUT /xplanapi/forgotten_password
func (h *Handler) reset(c *gin.Context) error {
	var in Reset
	if err := accountsec.BindJSON(c, &in); err != nil {
		return err
	}
	if err := in.Normalise(); err != nil {
		return err
	}
	if err := h.guarded(c, false, func() error { return h.public(c, http.MethodPut, "forgotten_password", nil, in, nil) }); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// POST /xplanapi/forgot/username
func (h *Handler) remindUsername(c *gin.Context) error {
	var in UsernameReminder
	if err := accountsec.BindJSON(c, &in); err != nil {
		return err
	}
	if err := in.Normalise(); err != nil {
		return err
	}
	if err := h.guarded(c, true, func() error { return h.public(c, http.MethodPost, "forgot/username", nil, in, nil) }); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
