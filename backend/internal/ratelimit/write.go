package ratelimit

import (
	"errors"
	"strconv"

	"github.com/gin-gonic/gin"
)

// ScopeWrite counts the writes a signed-in user makes (enrolling biometric devices, agreeing to
// site terms, changing the password or security questions ...), per user id, whatever their
// outcome: each one stores or changes something, so repeating it without end would fill the
// store or load the server.
const ScopeWrite Scope = "write"

// MsgTooManyChanges answers too many signed-in writes.
const MsgTooManyChanges = "Too many changes in a short time. Please wait a few minutes and try again."

// WriteKey is the key of a signed-in user's writes, by user id (never by name).
func WriteKey(userID int64) Key { return Key{ScopeWrite, "user:" + strconv.FormatInt(userID, 10)} }

// errNoLimiter refuses a write when the limiter was never wired: a missing limiter never turns
// the limit off.
var errNoLimiter = errors.New("ratelimit: no limiter")

// Spend counts one attempt on keys whatever follows and answers the 429 (with Retry-After) when
// a key is over its limit. Unlike Guard, nothing is given back on success: it is for actions
// limited by how often they happen, not by whether they fail.
func (l *Limiter) Spend(c *gin.Context, keys ...Key) error {
	if l == nil {
		return errNoLimiter
	}
	d, err := l.Check(c.Request.Context(), keys...)
	if err != nil {
		return err
	}
	return Deny(c, d)
}
