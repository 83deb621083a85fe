package auth

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"wealthportal/backend/internal/apierr"
)

// Login statuses of spec 1 §3 (docs/api-contract.md "The login answer").
const (
	StatusLoginSuccess                     = "LoginSuccess"
	StatusMfaRequired                      = "MfaRequired"
	StatusMfaEnrolmentLinkDevice           = "MfaEnrolmentLinkDevice"
	StatusMfaEnrolmentValidateDevice       = "MfaEnrolmentValidateDevice"
	StatusMfaEnrolmentLinkDeviceInvalidOtp = "MfaEnrolmentLinkDeviceInvalidOtp"
	StatusForceChangePassword              = StepForceChangePassword
	StatusSiteTerms                        = StepSiteTerms
	StatusSetSecurityQuestions             = StepSetSecurityQuestions
)

// stepOrder is the order the additional login steps are taken in (spec 1 §4).
var stepOrder = []string{StatusSiteTerms, StatusSetSecurityQuestions, StatusForceChangePassword}

// Platform is what auth needs from the planning platform client.
type Platform interface {
	SignIn(ctx context.Context, username, secret string) (string, SessionUser, error)
	DoBasic(ctx context.Context, username, password, method, path string, body, out any) error
	Do(ctx context.Context, token, method, path string, body, out any) error
	// SessionUser and EndSession are GET session/user and DELETE session as Go calls.
	SessionUser(ctx context.Context, token string) (SessionUser, error)
	EndSession(ctx context.Context, token string) error
}

// Result is the outcome of a login attempt.
type Result struct {
	Status        string
	PlatformToken string
	User          SessionUser
	MfaMethod     string
	TfaMethods    []string
	// Steps are the additional login steps still to take, in order; Status is the first.
	Steps     []string
	SiteTerms *SiteTerms
}

// Credentials as the browser sends them.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// Normalise trims the username (never the password) and checks both are present.
func (c *Credentials) Normalise() error {
	c.Username = strings.TrimSpace(c.Username)
	if c.Username == "" || c.Password == "" {
		return apierr.BadRequest("Username and password are required")
	}
	if len(c.Username) > 256 || len(c.Password) > 1024 {
		return apierr.New(http.StatusUnauthorized, apierr.BadCredentials, apierr.BadCredentials)
	}
	return nil
}

// Login logs in to the platform with a password, or with a password and a second-factor code
// (joined to the password, spec 1 §4). The answer's status is LoginSuccess, the first
// additional login step, MfaRequired (a code was sent, or the app has one) or
// MfaEnrolmentLinkDevice (a device must be enrolled first); only the first two carry a
// platform session.
func Login(ctx context.Context, p Platform, c Credentials, code string) (Result, error) {
	token, su, err := p.SignIn(ctx, c.Username, c.Password+code)
	var ch *Challenge
	if errors.As(err, &ch) {
		methods := ch.TfaMethods
		if methods == nil {
			methods = []string{}
		}
		if ch.Err.APIMessage == MFAEnrolmentRequiredAPI {
			return Result{Status: StatusMfaEnrolmentLinkDevice, TfaMethods: methods}, nil
		}
		return Result{Status: StatusMfaRequired, MfaMethod: ch.MfaMethod, TfaMethods: methods}, nil
	}
	if err != nil {
		return Result{}, err
	}
	res := Result{Status: StatusLoginSuccess, PlatformToken: token, Steps: OrderSteps(su.AdditionalLoginSteps)}
	if len(res.Steps) > 0 {
		res.Status = res.Steps[0]
		if res.Steps[0] == StatusSiteTerms {
			res.SiteTerms = su.SiteTerms
		}
	}
	su.AdditionalLoginSteps, su.SiteTerms = nil, nil
	res.User = su
	return res, nil
}

// OrderSteps keeps the known additional login steps, each once, in the order they are taken.
func OrderSteps(steps []string) []string {
	out := []string{}
	for _, s := range stepOrder {
		if slices.Contains(steps, s) {
			out = append(out, s)
		}
	}
	return out
}

// without returns steps less step.
func without(steps []string, step string) []string {
	out := make([]string, 0, len(steps))
	for _, s := range steps {
		if s != step {
			out = append(out, s)
		}
	}
	return out
}
