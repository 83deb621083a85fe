package biometric

import (
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
)

// A handler missing a protective dependency must stop start-up, never exchange device
// credentials unlimited.
func TestNewHandlerRefusesAMissingDependency(t *testing.T) {
	p, err := platform.NewRemoteClient("http://127.0.0.1:1", "test", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	s, l := &session.Manager{}, &ratelimit.Limiter{}
	cases := []struct {
		name     string
		platform platform.API
		sessions *session.Manager
		limiter  *ratelimit.Limiter
		want     string
	}{
		{"no platform", nil, s, l, "platform client"},
		{"no sessions", p, nil, l, "session manager"},
		{"no limiter", p, s, nil, "rate limiter"},
	}
	for _, tc := range cases {
		h, err := NewHandler(tc.platform, tc.sessions, tc.limiter)
		if err == nil || !strings.Contains(err.Error(), tc.want) || h != nil {
			t.Errorf("%s: handler %v, error %v; want an error naming the %s", tc.name, h, err, tc.want)
		}
	}
	h, err := NewHandler(p, s, l)
	if err != nil || h.Platform != p || h.Sessions != s || h.Limiter != l {
		t.Fatalf("all dependencies given: %+v, %v", h, err)
	}
}
