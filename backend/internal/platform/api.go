package platform

import (
	"context"
	"io"
	"net/url"

	"wealthportal/backend/internal/auth"
)

// API is how the BFF reaches the planning platform: Embedded (this process, Go calls) or
// Client (a remote platform over HTTP, PORTAL_PLATFORM_URL). Both answer every call alike, down
// to the error values (contract_test.go runs one table of calls against both).
type API interface {
	// SignIn logs in with Basic auth and the app id: the new platform session's token and its
	// user. A second factor that is due is a *auth.Challenge (errors.As finds its *apierr.Error).
	SignIn(ctx context.Context, username, secret string) (string, auth.SessionUser, error)
	// SessionUser is GET session/user of a platform session: who it is, with the login steps
	// outstanding; apierr.ErrNoSession when the session is gone.
	SessionUser(ctx context.Context, token string) (auth.SessionUser, error)
	// EndSession is DELETE session: the platform session and its open write transactions end.
	EndSession(ctx context.Context, token string) error

	// Do calls the platform on behalf of a session. body (if not nil) is the call's parameters
	// as JSON would carry them; out (if not nil) receives the answer. Platform errors come back
	// as *apierr.Error.
	Do(ctx context.Context, token, method, path string, body, out any) error
	// DoBasic is Do with a username and password (HTTP Basic auth and the app id) instead of a
	// session: the calls of a login that has no session yet (auth/tfa/...). It starts none.
	DoBasic(ctx context.Context, username, password, method, path string, body, out any) error
	// StartWith calls one of the anonymous resources that start a session (as the application:
	// the body carries the credential, as for a biometric device) and returns the new session's
	// token; out receives the answer.
	StartWith(ctx context.Context, path string, body, out any) (string, error)
	// Anonymous calls one of the anonymous resources as the application (help with logging
	// in, the health check): no session. A platform error is an *apierr.Error, or a
	// *StatusError when it carries no error body.
	Anonymous(ctx context.Context, method, path string, query url.Values, body, out any) error

	// Relay forwards a browser's call on behalf of a session as it is (method, escaped path
	// with its query, content type, body) and hands the answer over as it arrives: answer gets
	// the status and exact content type and returns where the body goes (nil: nowhere, as for a
	// 401 the BFF answers itself). An error after answer was called (a remote platform that
	// stalls mid-body) comes back too, but the head has been passed on by then.
	Relay(ctx context.Context, token, method, pathAndQuery, contentType string, body io.Reader, answer Answer) error
}

// Answer receives a relayed answer's status and content type before its body, and returns the
// writer for the body (nil to drop it).
type Answer func(status int, contentType string) io.Writer

// StatusError is a platform answer of status 400 or more that carries no error body.
type StatusError struct{ Status int }

func (e *StatusError) Error() string {
	return "platform answered " + itoa(e.Status) + " without an error body"
}
