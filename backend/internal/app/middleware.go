package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/requestinfo"
)

// ContentSecurityPolicy is the policy the web app runs under. 'unsafe-inline' for styles only:
// Ionic's web components inject their styles at run time.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

type ctxKey string

// RequestIDKey holds the request id in a request's context, for logs.
const RequestIDKey ctxKey = "request_id"

// requestID takes a well-formed X-Request-Id from a proxy or makes one, and echoes it.
func requestID(c *gin.Context) {
	id := c.GetHeader("X-Request-Id")
	if !wellFormedRequestID(id) {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		id = hex.EncodeToString(b)
	}
	c.Set("request_id", id)
	c.Request = c.Request.WithContext(context.WithValue(c.Request.Context(), RequestIDKey, id))
	c.Header("X-Request-Id", id)
	c.Next()
}

// accessLog writes one line per request: the route pattern rather than the raw path and never
// the query string or the client address, so no personal data reaches the log. A client that
// disconnected mid-request is a 499 at warning level, not a 500 (client_gone.go).
func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = c.Request.URL.Path
			if strings.HasPrefix(route, "/assets/") {
				route = "/assets/*"
			}
		}
		attrs := []slog.Attr{
			slog.String("request_id", c.GetString("request_id")),
			slog.String("method", c.Request.Method),
			slog.String("route", route),
		}
		if clientWentAway(c) {
			logClientGone(c.Request.Context(), log, c, append(attrs, slog.Duration("duration", time.Since(start))))
			return
		}
		attrs = append(attrs,
			slog.Int("status", c.Writer.Status()),
			slog.Int("bytes", c.Writer.Size()),
			slog.Duration("duration", time.Since(start)),
		)
		level := slog.LevelInfo
		if c.Writer.Status() >= 500 {
			level = slog.LevelError
			attrs = append(attrs, causeOf(c))
		}
		log.LogAttrs(c.Request.Context(), level, "request", attrs...)
	}
}

// securityHeaders sets the strict headers every answer carries, and no-store on API answers,
// which hold personal data. HSTS goes with answers that went out over https: TLS to the portal
// itself, or a trusted proxy's (requestinfo.IsHTTPS).
func (a *App) securityHeaders(c *gin.Context) {
	h := c.Writer.Header()
	// Assigned as shared one-value slices (strict_headers.go): no allocation per header.
	for _, sh := range strictHeaders {
		h[sh.key] = sh.value
	}
	if requestinfo.IsHTTPS(c.Request, a.Proxies) {
		h[hstsHeader.key] = hstsHeader.value
	}
	p := c.Request.URL.Path
	if strings.HasPrefix(p, "/xplanapi/") || strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/bff/") {
		h[noStore.key] = noStore.value
	}
	c.Next()
}
