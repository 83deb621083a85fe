package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/platform"
)

// Login statuses of spec 1 §3 that this package answers with.
const (
	StatusLoginSuccess = "LoginSuccess"
	StatusMfaRequired  = "MfaRequired"
)

// Platform is what auth needs from the planning platform client.
type Platform interface {
	Login(ctx context.Context, username, secret string) (string, platform.SessionUser, error)
	Do(ctx context.Context, token, method, path string, body, out any) error
}

// Result is the outcome of a login attempt.
type Result struct {
	Status        string
	PlatformToken string
	User          platform.SessionUser
	MfaMethod     string
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
// (joined to the password, spec 1 §4).
func Login(ctx context.Context, p Platform, c Credentials, code string) (Result, error) {
	secret := c.Password + code
	token, su, err := p.Login(ctx, c.Username, secret)
	var ae *apierr.Error
	if errors.As(err, &ae) && ae.APIMessage == platform.MFARequiredAPI {
		return Result{Status: StatusMfaRequired, MfaMethod: "sms"}, nil
	}
	if err != nil {
		return Result{}, err
	}
	return Result{Status: StatusLoginSuccess, PlatformToken: token, User: su}, nil
}
