package app

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
)

// Causes of 5xx answers. apierr.Write puts the error behind every 5xx on the gin context; the
// access log (and, for the embedded platform, logCauses) writes it with the request id, so a
// 500 is never logged without why. The error value is logged, never the request's body, query
// or identifiers: an error text may hold SQL, not its arguments.

// causeOf is the log attribute of the errors recorded on c.
func causeOf(c *gin.Context) slog.Attr {
	if len(c.Errors) == 0 {
		return slog.String("err", "no error recorded")
	}
	texts := make([]string, 0, len(c.Errors))
	for _, e := range c.Errors {
		texts = append(texts, e.Err.Error())
	}
	return slog.String("err", strings.Join(texts, "; "))
}

// requestIDOf is the portal's request id of ctx: the embedded platform serves the BFF's own
// request context, so its logs carry the id of the request that called it.
func requestIDOf(ctx context.Context) string {
	id, _ := ctx.Value(RequestIDKey).(string)
	return id
}

// logCauses logs the cause of every 5xx answer of the embedded platform, which has no access
// log of its own (the portal's access log has the request line). It must come before the
// engine's recovery, so that a recovered panic is logged too.
func logCauses(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Next()
		if c.Writer.Status() < 500 {
			return
		}
		route := c.FullPath()
		if route == "" {
			route = "(no route)"
		}
		ctx := c.Request.Context()
		attrs := []slog.Attr{
			slog.String("request_id", requestIDOf(ctx)),
			slog.String("method", c.Request.Method),
			slog.String("route", route),
		}
		// The browser behind the portal's request went away: nothing failed here.
		if clientWentAway(c) {
			logClientGone(ctx, log, c, attrs)
			return
		}
		log.LogAttrs(ctx, slog.LevelError, "platform error", append(attrs,
			slog.Int("status", c.Writer.Status()),
			causeOf(c),
		)...)
	}
}

// recovered answers a panic with the platform's 500; the access log writes the panic as its
// cause.
func recovered(c *gin.Context, err any) {
	apierr.Write(c, fmt.Errorf("panic: %v", err))
}
