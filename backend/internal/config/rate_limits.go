package config

import (
	"flag"
	"fmt"

	"wealthportal/backend/internal/ratelimit"
)

// rateLimitsFlag registers --rate-limits over PORTAL_RATE_LIMITS and returns the setting's
// text: comma-separated scope=maxFailures/window/lockFor entries (ratelimit.ParsePolicies);
// scopes not named keep their defaults.
func rateLimitsFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	raw := getenv("PORTAL_RATE_LIMITS")
	fs.StringVar(&raw, "rate-limits", raw, fmt.Sprintf(
		"attempt limits, scope=maxFailures/window/lockFor comma separated; unnamed scopes keep their defaults (PORTAL_RATE_LIMITS; default %s)",
		ratelimit.FormatPolicies(ratelimit.DefaultPolicies())))
	return &raw
}

// applyRateLimits sets RateLimits from the setting's text; a bad entry stops start-up.
func (c *Config) applyRateLimits(raw string) error {
	policies, err := ratelimit.ParsePolicies(raw)
	if err != nil {
		return fmt.Errorf("PORTAL_RATE_LIMITS: %w", err)
	}
	c.RateLimits = policies
	return nil
}
