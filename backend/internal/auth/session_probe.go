package auth

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/session"
)

// SessionProbeHeader marks the web app's start-up session check. The spec's GET session/user
// keeps the platform's answer without a session (401, the lost-session message), which clients
// of the spec's call rely on; asked with this header ("1"), "not signed in" is an ordinary
// answer, 200 {"authenticated":false}, so an anonymous visit to /login logs no failed request in
// the browser's console (issue 13). The spec gives the call no payload and no answer shape for
// this case, so the header is the portal's own (docs/api-contract.md).
const SessionProbeHeader = "X-Session-Probe"

// anonymous is the probe's answer when there is no usable session.
type anonymous struct {
	Authenticated bool `json:"authenticated"`
}

// GET /xplanapi/session/user: the session's user; without a session (none, revoked, expired on
// the platform, or additional login steps outstanding) 401, or 200 {"authenticated":false} when
// asked as a probe (SessionProbeHeader).
func (h *Handler) sessionUserOrProbe(c *gin.Context) error {
	var err error
	if session.From(c) == nil {
		err = apierr.ErrNoSession
	} else {
		err = h.sessionUser(c)
	}
	if errors.Is(err, apierr.ErrNoSession) && c.GetHeader(SessionProbeHeader) == "1" {
		apierr.JSON(c, http.StatusOK, anonymous{Authenticated: false})
		return nil
	}
	return err
}
