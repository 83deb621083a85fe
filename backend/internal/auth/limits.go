package auth

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/ratelimit"
)

// guard checks the rate limits of an attempt with a typed username (per account, per client
// address, plus any extra keys such as the second-factor code's) before it is made, and returns
// the function that settles the attempt with its outcome: a success clears the account's count,
// a refused credential or code counts, anything else (bad input, platform down) is given back.
// The username is the one typed, never resolved, so a lock-out says nothing about existence.
func (h *Handler) guard(c *gin.Context, username string, extra ...ratelimit.Key) (func(error), error) {
	if h.Limiter == nil {
		return func(error) {}, nil
	}
	ctx := c.Request.Context()
	keys := append([]ratelimit.Key{ratelimit.AccountKey(username), ratelimit.AddressKeyOf(c)}, extra...)
	d, err := h.Limiter.Check(ctx, keys...)
	if err != nil {
		return nil, err
	}
	if !d.Allowed {
		return nil, ratelimit.Deny(c, d)
	}
	return func(outcome error) {
		var ae *apierr.Error
		switch {
		case outcome == nil:
			_ = h.Limiter.Succeed(ctx, d)
		case errors.As(outcome, &ae) && ae.Status == http.StatusUnauthorized:
			h.Limiter.Fail(d)
		default:
			_ = h.Limiter.Release(ctx, d)
		}
	}, nil
}
