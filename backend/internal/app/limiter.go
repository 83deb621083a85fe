package app

import (
	"encoding/base64"
	"fmt"

	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
)

// newLimiter builds the one attempt limiter (package ratelimit) with the configured policies
// (PORTAL_RATE_LIMITS). It hashes identifiers with a key derived from the newest session hash
// key, which every process sharing the store already has, so they count alike.
func newLimiter(o Options, keys []session.KeyPair) (*ratelimit.Limiter, error) {
	if len(keys) == 0 {
		return nil, fmt.Errorf("rate limiter: no session keys")
	}
	secret, err := base64.StdEncoding.DecodeString(keys[0].Hash)
	if err != nil {
		return nil, fmt.Errorf("session keys: %w", err)
	}
	lim, err := ratelimit.New(o.DB, ratelimit.Options{Secret: secret, Now: o.Now, Policies: o.Config.RateLimits, Log: o.Log})
	if err != nil {
		return nil, fmt.Errorf("rate limiter: %w", err)
	}
	return lim, nil
}
