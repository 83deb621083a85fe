package session

import "context"

type requestKey struct{}

// FromContext is the session Load attached to a request's context when its store read more
// than the row (Row.Platform): the embedded platform, called with that context, finds there
// what was read about its own session in the same query. nil otherwise.
func FromContext(ctx context.Context) *Session {
	s, _ := ctx.Value(requestKey{}).(*Session)
	return s
}

// NewContext is ctx carrying s, for FromContext (Load attaches the request's session so).
func NewContext(ctx context.Context, s *Session) context.Context {
	return context.WithValue(ctx, requestKey{}, s)
}
