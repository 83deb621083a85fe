package config

import (
	"io"
	"testing"
	"time"
)

// The platform time-out defaults below the server's write time-out, is set by variable or
// flag, and is refused when it would not leave the server time to answer.
func TestPlatformTimeout(t *testing.T) {
	c, err := Load(nil, env(nil), io.Discard)
	if err != nil || c.PlatformTimeout != 15*time.Second {
		t.Fatalf("default: %v %v", c.PlatformTimeout, err)
	}
	c, err = Load(nil, env(map[string]string{"PORTAL_PLATFORM_TIMEOUT": "5s"}), io.Discard)
	if err != nil || c.PlatformTimeout != 5*time.Second {
		t.Fatalf("variable: %v %v", c.PlatformTimeout, err)
	}
	c, err = Load([]string{"--platform-timeout", "20s"}, env(map[string]string{"PORTAL_PLATFORM_TIMEOUT": "5s"}), io.Discard)
	if err != nil || c.PlatformTimeout != 20*time.Second {
		t.Fatalf("flag: %v %v", c.PlatformTimeout, err)
	}
	for _, v := range []string{"0s", "-1s", WriteTimeout.String(), "2m", "soon"} {
		if _, err := Load(nil, env(map[string]string{"PORTAL_PLATFORM_TIMEOUT": v}), io.Discard); err == nil {
			t.Errorf("platform timeout %s accepted", v)
		}
	}
}
