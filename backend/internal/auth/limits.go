package auth

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
)

// errWrongCode settles an attempt whose code the platform refused without an error answer (a
// device not linked): it counts like a refused credential.
var errWrongCode = apierr.New(http.StatusUnauthorized, "bad_otp", "bad_otp")

// guard checks the rate limits of an attempt with a typed username (per account, per client
// address, plus any extra keys such as the second-factor code's) before it is made, and returns
// the function that settles the attempt with its outcome (ratelimit.Limiter.Guard). The username is the
// one typed, never resolved, so a lock-out says nothing about existence.
func (h *Handler) guard(c *gin.Context, username string, extra ...ratelimit.Key) (func(error), error) {
	return h.Limiter.Guard(c, append([]ratelimit.Key{ratelimit.AccountKey(username), ratelimit.AddressKeyOf(c)}, extra...)...)
}

// guardSignedIn limits a signed-in second-factor call per user and client address, plus extra
// keys made from the user's subject (userSubject).
func (h *Handler) guardSignedIn(c *gin.Context, extra ...func(string) ratelimit.Key) (func(error), error) {
	keys := []ratelimit.Key{ratelimit.AddressKeyOf(c)}
	for _, k := range extra {
		keys = append(keys, k(userSubject(session.From(c))))
	}
	return h.Limiter.Guard(c, keys...)
}

// userSubject names a signed-in user in limiter keys: by id, never by name.
func userSubject(s *session.Session) string { return "user:" + strconv.FormatInt(s.UserID, 10) }
