package ratelimit

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
)

// ClientAddress is the address a request came from, as the engine's trusted proxies allow it:
// X-Forwarded-For and X-Real-IP are believed only when the direct peer is a trusted proxy
// (the portal sets them with SetTrustedProxies from PORTAL_TRUSTED_PROXIES; none by default),
// otherwise the TCP peer is used, so a client cannot pick its own address.
func ClientAddress(c *gin.Context) string { return c.ClientIP() }

// AddressKeyOf is the AddressKey of the request's client address.
func AddressKeyOf(c *gin.Context) Key { return AddressKey(ClientAddress(c)) }

// Deny answers a refused Decision: it sets Retry-After and returns the 429 error for the
// handler to return. It returns nil when the decision allows the attempt.
func Deny(c *gin.Context, d Decision) error {
	if d.Allowed {
		return nil
	}
	c.Header("Retry-After", strconv.Itoa(d.RetryAfterSeconds()))
	return d.Err()
}

// Guard checks keys before an attempt and returns the function that settles it with its
// outcome: a success clears the account's and code's counts, a refused credential or code (a
// 401) counts, anything else (bad input, platform down) is given back. Code sends are the
// exception: a code that went out counts whatever follows, so "Request new code" cannot send
// without limit. There is no Limiter-less mode: a portal without one does not start.
func (l *Limiter) Guard(c *gin.Context, keys ...Key) (func(error), error) {
	ctx := c.Request.Context()
	d, err := l.Check(ctx, keys...)
	if err != nil {
		return nil, err
	}
	if !d.Allowed {
		return nil, Deny(c, d)
	}
	var sends []Key
	for _, k := range keys {
		if k.Scope() == ScopeCodeSend {
			sends = append(sends, k)
		}
	}
	return func(outcome error) {
		var ae *apierr.Error
		switch {
		case outcome == nil:
			if len(sends) > 0 {
				l.Fail(d, sends...)
			}
			_ = l.Succeed(ctx, d)
		case errors.As(outcome, &ae) && ae.Status == http.StatusUnauthorized:
			l.Fail(d)
		default:
			_ = l.Release(ctx, d)
		}
	}, nil
}
