// Package apierr is the one error type handlers return: it carries an HTTP status and the
// platform's error body {"user_message", "api_message"} (spec 1 §8), so the browser's global
// error handling sees the same shape from the BFF as from the planning platform. It also holds
// the one JSON writer (JSON), which answers with exactly "application/json" as XPLAN does, and
// ExactJSONContentType, which holds every handler behind it to that.
package apierr

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Error is an API error with its HTTP status and the two messages of the wire format.
type Error struct {
	Status      int    `json:"-"`
	UserMessage string `json:"user_message"`
	APIMessage  string `json:"api_message"`
}

func (e *Error) Error() string { return e.APIMessage }

// New builds an Error.
func New(status int, apiMessage, userMessage string) *Error {
	return &Error{Status: status, APIMessage: apiMessage, UserMessage: userMessage}
}

// Texts the spec fixes (spec 1 §8) and that several packages share.
const (
	NoSessionAPI    = "This feature is not available without a valid session"
	NoSessionUser   = "No current session"
	BadCredentials  = "Either your username or your password is incorrect"
	AccountDisabled = "Account has been disabled"
	BadOTPAPI       = "bad_otp"
	BadOTPUser      = "There was an error with the authentication code you entered. A new code has been sent to you. Please try again."
	TooManyAttempts = "Too many login attempts. Please wait a few minutes and try again."
	InternalAPI     = "Internal server error"
	InternalUser    = "Please try again. If the problem persists, contact your Financial Adviser."
)

// Common errors.
var (
	ErrNoSession = New(http.StatusUnauthorized, NoSessionAPI, NoSessionUser)
	ErrForbidden = New(http.StatusForbidden, "Permission Error: access denied", "You are not authorised to view the page that you requested.")
	ErrNotFound  = New(http.StatusNotFound, "Resource Not Found", "The requested item was not found.")
	// ErrTooLarge answers a request body over its route's limit (413).
	ErrTooLarge = New(http.StatusRequestEntityTooLarge, "Request too large", "The request is too large.")
)

// BodyError is the answer to a failure to read or decode a request body: ErrTooLarge when the
// body went past its limit (http.MaxBytesReader), otherwise the handler's own answer.
func BodyError(err error, otherwise error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return ErrTooLarge
	}
	return otherwise
}

// BadRequest is a 400 whose message names what is wrong with the input.
func BadRequest(msg string) *Error { return New(http.StatusBadRequest, msg, msg) }

// Write sends err as JSON (through JSON, so with exactly ContentTypeJSON). Errors that are not *Error become a 500 whose detail never reaches
// the response. Every error of a 5xx answer is put on the gin context (c.Error), where the
// access log writes it as the answer's cause with the request id: the one place that sees
// every 500, whichever handler, middleware or recovery produced it.
func Write(c *gin.Context, err error) {
	var e *Error
	if !errors.As(err, &e) {
		e = New(http.StatusInternalServerError, InternalAPI, InternalUser)
	}
	if e.Status >= http.StatusInternalServerError {
		_ = c.Error(err)
	}
	c.Abort()
	JSON(c, e.Status, e)
}

// Handler adapts a handler that returns an error to gin, PocketBase style.
func Handler(fn func(*gin.Context) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := fn(c); err != nil {
			Write(c, err)
		}
	}
}
