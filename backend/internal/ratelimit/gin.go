package ratelimit

import (
	"strconv"

	"github.com/gin-gonic/gin"
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
