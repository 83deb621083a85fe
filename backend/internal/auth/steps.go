package auth

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
)

// The additional login steps (spec 1 §4; docs/api-contract.md): after a login with steps
// outstanding the BFF session is restricted to the step calls, each of which removes its step
// when its platform call succeeds. The last step done, the session gets a new id (a change of
// privilege, so a session id is never carried across it).

// maxStepBody bounds the body of a step call.
const maxStepBody = 1 << 20

// CompleteStep records that the request's session has taken an additional login step, once the
// step's platform call has succeeded: the step is removed and, when it was the last one, the
// session is replaced by a normal one with a new id. A step that is not outstanding is ignored.
// The SetSecurityQuestions step's handler (package accountsec) calls it with
// StatusSetSecurityQuestions.
func (h *Handler) CompleteStep(c *gin.Context, step string) error {
	s := session.From(c)
	if s == nil {
		return apierr.ErrNoSession
	}
	if !slices.Contains(s.PendingSteps, step) {
		return nil
	}
	rest := without(s.PendingSteps, step)
	if len(rest) == 0 {
		return h.reissue(c, s, nil, false)
	}
	return h.Sessions.CompleteStep(c, step)
}

// reissue replaces the request's session by a new one, with a new id, for the same user and
// platform session and with steps outstanding. With revokeOthers every other session of the
// user ends first (a change of password or of second factor).
func (h *Handler) reissue(c *gin.Context, s *session.Session, steps []string, revokeOthers bool) error {
	if revokeOthers {
		if err := h.Sessions.RevokeUser(c, s.UserID); err != nil {
			return err
		}
	}
	who := s.Identity()
	who.PendingSteps = steps
	_, err := h.Sessions.Issue(c, who, s.PlatformSession)
	return err
}

// RequireCompleteOrStep guards the /xplanapi calls the BFF forwards to the platform: they need
// a session with no additional login steps outstanding (else 403 "Additional login steps are
// outstanding"), except GET /xplanapi/site, which the security questions step needs. The
// SiteTerms step call is not forwarded: AcceptSiteTerms answers it, whatever the session's steps.
func (h *Handler) RequireCompleteOrStep(c *gin.Context) {
	s := session.From(c)
	if s == nil {
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	if len(s.PendingSteps) > 0 && !(c.Request.Method == http.MethodGet && c.Request.URL.Path == "/xplanapi/site") {
		apierr.Write(c, session.ErrStepsOutstanding)
		return
	}
	c.Next()
}

// AcceptSiteTerms answers POST /xplanapi/entity/client-v3/:client/terms_and_conditions, a call
// of the BFF's table that the portal answers itself (routes.go) so that the SiteTerms step is
// recorded when the platform has the acceptance. The client's id is the route's "client"
// parameter.
func (h *Handler) AcceptSiteTerms(c *gin.Context) {
	s := session.From(c)
	if s == nil {
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	if err := h.acceptSiteTerms(c, s, c.Param("client")); err != nil {
		apierr.Write(c, err)
	}
	c.Abort()
}

// termsInput is the body of a site-terms acceptance (spec 1 §7).
type termsInput struct {
	Content    string `json:"content"`
	AgreedDate any    `json:"agreed_date"`
	Desc       string `json:"desc"`
}

// POST /xplanapi/entity/client-v3/:id/terms_and_conditions: the SiteTerms step. A client
// agrees to the terms for itself only (403 for any other entity); 204 when recorded.
func (h *Handler) acceptSiteTerms(c *gin.Context, s *session.Session, entity string) error {
	id, err := strconv.ParseInt(entity, 10, 64)
	if err != nil || s.RoleName != RoleClient || id != s.EntityID {
		return apierr.ErrForbidden
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxStepBody)
	var in termsInput
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BodyError(err, apierr.BadRequest("content is required"))
	}
	// Each acceptance is stored: limited per user like the other signed-in writes.
	if err := h.Limiter.Spend(c, ratelimit.WriteKey(s.UserID)); err != nil {
		return err
	}
	if err := h.call(c, s, http.MethodPost, "entity/client-v3/"+entity+"/terms_and_conditions", in, nil); err != nil {
		return err
	}
	if err := h.CompleteStep(c, StatusSiteTerms); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

type passwordInput struct {
	Credentials
	NewPassword string `json:"new_password"`
}

var errNoPasswordChangeDue = apierr.New(http.StatusForbidden, "No password change is due", "Your password does not need to be changed here.")

// POST /xplanapi/auth/password: the ForceChangePassword step. The platform proves the current
// password again and applies the password policy; the user's other sessions end, and this one
// goes on under a new id.
func (h *Handler) forcedPasswordChange(c *gin.Context) error {
	s := session.From(c)
	if s == nil {
		return apierr.ErrNoSession
	}
	var in passwordInput
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BodyError(err, apierr.BadRequest("Username and password are required"))
	}
	if err := in.Normalise(); err != nil {
		return err
	}
	if !slices.Contains(s.PendingSteps, StatusForceChangePassword) {
		return errNoPasswordChangeDue
	}
	if in.NewPassword == "" {
		return apierr.BadRequest(PasswordRequired)
	}
	body := map[string]string{"password": in.Password, "new_password": in.NewPassword}
	if err := h.call(c, s, http.MethodPost, "auth/password", body, nil); err != nil {
		return err
	}
	if err := h.reissue(c, s, without(s.PendingSteps, StatusForceChangePassword), true); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}
