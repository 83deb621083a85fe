package ratelimit

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParsePolicies reads the rate-limit setting (PORTAL_RATE_LIMITS): comma-separated
// scope=maxFailures/window/lockFor entries, for example "address=20/15m/15m,account=5/15m/15m".
// A scope not named keeps its DefaultPolicies numbers; what a success resets and the texts of
// the answers are not configurable. An unknown or repeated scope, a count below 1 or a window
// or lock-out that is not a positive duration is an error, so a typo stops start-up instead of
// loosening a limit.
func ParsePolicies(setting string) (map[Scope]Policy, error) {
	policies := DefaultPolicies()
	seen := map[Scope]bool{}
	for _, entry := range strings.Split(setting, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		name, numbers, ok := strings.Cut(entry, "=")
		scope := Scope(strings.TrimSpace(name))
		p, known := policies[scope]
		switch {
		case !ok:
			return nil, fmt.Errorf("rate limit %q: want scope=maxFailures/window/lockFor", entry)
		case !known:
			return nil, fmt.Errorf("rate limit %q: unknown scope (scopes: %s)", entry, scopeList())
		case seen[scope]:
			return nil, fmt.Errorf("rate limit %q: scope given twice", entry)
		}
		seen[scope] = true
		parts := strings.Split(numbers, "/")
		if len(parts) != 3 {
			return nil, fmt.Errorf("rate limit %q: want scope=maxFailures/window/lockFor", entry)
		}
		var err error
		if p.MaxFailures, err = strconv.Atoi(strings.TrimSpace(parts[0])); err != nil || p.MaxFailures < 1 {
			return nil, fmt.Errorf("rate limit %q: maxFailures must be a whole number of at least 1", entry)
		}
		if p.Window, err = positiveDuration(parts[1]); err != nil {
			return nil, fmt.Errorf("rate limit %q: window: %w", entry, err)
		}
		if p.LockFor, err = positiveDuration(parts[2]); err != nil {
			return nil, fmt.Errorf("rate limit %q: lockFor: %w", entry, err)
		}
		policies[scope] = p
	}
	return policies, nil
}

// FormatPolicies writes policies in the form ParsePolicies reads, scopes in Scopes order.
func FormatPolicies(policies map[Scope]Policy) string {
	var out []string
	for _, s := range Scopes() {
		if p, ok := policies[s]; ok {
			out = append(out, fmt.Sprintf("%s=%d/%s/%s", s, p.MaxFailures, shortDuration(p.Window), shortDuration(p.LockFor)))
		}
	}
	return strings.Join(out, ",")
}

// shortDuration writes 15m rather than 15m0s, 1h rather than 1h0m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

func positiveDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return 0, err
	}
	if d <= 0 {
		return 0, fmt.Errorf("%s is not a positive duration", s)
	}
	return d, nil
}

func scopeList() string {
	names := make([]string, 0, len(Scopes()))
	for _, s := range Scopes() {
		names = append(names, string(s))
	}
	return strings.Join(names, ", ")
}
