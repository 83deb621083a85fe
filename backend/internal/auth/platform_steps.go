package auth

import (
	"context"
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
)

// Additional login steps (spec 1 §3 loginStatus values), in the order they are taken (spec 1
// §4: site terms agreement, security questions set, forced password change).
const (
	StepSiteTerms            = "SiteTerms"
	StepSetSecurityQuestions = "SetSecurityQuestions"
	StepForceChangePassword  = "ForceChangePassword"
)

// loginDisclaimer is the desc of a site-terms acceptance made at login (spec 1 §7); the entities
// module records acceptances under it (entities.LoginDisclaimer).
const loginDisclaimer = "Login Disclaimer"

// ErrStepsOutstanding answers a call that a session with additional login steps still to take
// may not make (the BFF answers the same, docs/api-contract.md).
var ErrStepsOutstanding = apierr.New(http.StatusForbidden, "Additional login steps are outstanding", "Please finish logging in first.")

// PendingSteps are the additional login steps u still has to take, in order. They are derived
// from the store each time, so a step is done the moment its platform call succeeds:
//   - SiteTerms: a client whose firm has site terms, due to agree to them (site_terms_after
//     set) and with no acceptance of the login disclaimer recorded since;
//   - SetSecurityQuestions: a client asked to set security questions who has not both;
//   - ForceChangePassword: a login whose password must be changed.
func (s *Service) PendingSteps(ctx context.Context, u User) ([]string, error) {
	steps := []string{}
	if u.RoleName == RoleClient && u.FirmHasSiteTerms && u.SiteTermsAfter != nil {
		ok, err := s.Store.SiteTermsAccepted(ctx, u.EntityID, *u.SiteTermsAfter)
		if err != nil {
			return nil, err
		}
		if !ok {
			steps = append(steps, StepSiteTerms)
		}
	}
	if u.RoleName == RoleClient && u.SetSecurityQuestions {
		ok, err := s.Store.SecurityQuestionsSet(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		if !ok {
			steps = append(steps, StepSetSecurityQuestions)
		}
	}
	if u.ForceChangePassword {
		steps = append(steps, StepForceChangePassword)
	}
	return steps, nil
}

// stepRoutes are the routes (method and pattern under /resourceful) a session with steps
// outstanding may call: who it is, ending it, the site's version (the security questions form
// needs it), its login profile, and the step calls themselves. The platform's modules add
// theirs (platform.StepRouter).
var stepRoutes = []string{
	"GET /session/user",
	"DELETE /session",
	"GET /site",
	"GET /sysadmin/loginsetting/login_profile/:id",
	"POST /auth/password",
	"POST /entity/client-v3/:id/terms_and_conditions",
	"POST /session/password_reset_questions",
}

// StepRoutes are the routes a platform session with additional login steps outstanding may
// call, besides those the platform's modules declare (a copy; platform.Handler reads it).
func StepRoutes() []string { return slices.Clone(stepRoutes) }

// stepsKey holds the steps the platform found outstanding for the request's caller.
const stepsKey = "platform.steps"

// SetSteps records the steps outstanding for the request's caller (the platform's
// authenticate middleware finds them with PendingSteps).
func SetSteps(c *gin.Context, steps []string) { c.Set(stepsKey, steps) }

// stepsOf returns the steps SetSteps recorded for the request's caller.
func stepsOf(c *gin.Context) []string {
	if v, ok := c.Get(stepsKey); ok {
		return v.([]string)
	}
	return nil
}
