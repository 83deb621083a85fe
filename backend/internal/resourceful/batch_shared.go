package resourceful

import (
	"context"
	"sync"
)

// Shared holds what the items of one batch may share: a value one item worked out that a later
// item needs again (the dashboard's profit analysis and its chart series value the same
// accounts). It lives as long as the batch; each item's context carries it (SharedOf). What is
// kept must stay right for the batch's length by its own check: a later item of the same
// batch may have written since.
type Shared struct {
	mu     sync.Mutex
	values map[any]any
}

type sharedKey struct{}

// SharedOf is the batch's Shared when ctx is a batch item's, else nil.
func SharedOf(ctx context.Context) *Shared {
	s, _ := ctx.Value(sharedKey{}).(*Shared)
	return s
}

// withShared gives ctx the Shared of from, if from has one.
func withShared(ctx, from context.Context) context.Context {
	if s := SharedOf(from); s != nil {
		return context.WithValue(ctx, sharedKey{}, s)
	}
	return ctx
}

// Load returns the value kept under key.
func (s *Shared) Load(key any) (any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.values[key]
	return v, ok
}

// Store keeps value under key for the rest of the batch.
func (s *Shared) Store(key, value any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.values == nil {
		s.values = map[any]any{}
	}
	s.values[key] = value
}
