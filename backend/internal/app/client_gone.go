package app

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"syscall"

	"github.com/gin-gonic/gin"
)

// StatusClientClosedRequest is the status logged for a request whose client disconnected
// before the answer was complete (nginx's 499): no answer reached anyone, and nothing failed on
// the portal's side, so it must not count as a 500.
const StatusClientClosedRequest = 499

// clientWentAway reports whether c's client disconnected mid-request: the server cancels the
// request's context when the connection closes, and a write to a closed connection fails with
// a broken pipe or a connection reset.
func clientWentAway(c *gin.Context) bool {
	if errors.Is(c.Request.Context().Err(), context.Canceled) {
		return true
	}
	for _, e := range c.Errors {
		if isClosedConnection(e.Err) {
			return true
		}
	}
	return false
}

// isClosedConnection reports whether err is a write to a connection its peer closed. The text
// is checked too: errors that crossed a process boundary (the remote platform) lose their type.
func isClosedConnection(err error) bool {
	if errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET) {
		return true
	}
	text := err.Error()
	return strings.Contains(text, "broken pipe") || strings.Contains(text, "connection reset")
}

// logClientGone writes the one line of a request whose client went away, at warning level with
// status 499; the answer the portal would have given is kept as "answered", with its cause.
func logClientGone(ctx context.Context, log *slog.Logger, c *gin.Context, attrs []slog.Attr) {
	attrs = append(attrs,
		slog.Int("status", StatusClientClosedRequest),
		slog.Int("answered", c.Writer.Status()),
	)
	if len(c.Errors) > 0 {
		attrs = append(attrs, causeOf(c))
	}
	log.LogAttrs(ctx, slog.LevelWarn, "client went away", attrs...)
}
