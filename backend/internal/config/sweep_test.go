package config

import (
	"io"
	"testing"
	"time"
)

// The expiry sweep's interval defaults to 10 minutes, is set by variable or flag (the flag
// wins), may be 0 (this instance does not sweep), and is refused when it is not a duration or
// shorter than a minute.
func TestSweepInterval(t *testing.T) {
	c, err := Load(nil, env(nil), io.Discard)
	if err != nil || c.SweepInterval != 10*time.Minute {
		t.Fatalf("default: %v %v", c.SweepInterval, err)
	}
	c, err = Load(nil, env(map[string]string{"PORTAL_SWEEP_INTERVAL": "1h"}), io.Discard)
	if err != nil || c.SweepInterval != time.Hour {
		t.Fatalf("variable: %v %v", c.SweepInterval, err)
	}
	c, err = Load([]string{"--sweep-interval", "2m"}, env(map[string]string{"PORTAL_SWEEP_INTERVAL": "1h"}), io.Discard)
	if err != nil || c.SweepInterval != 2*time.Minute {
		t.Fatalf("flag: %v %v", c.SweepInterval, err)
	}
	c, err = Load([]string{"--sweep-interval", "0"}, env(nil), io.Discard)
	if err != nil || c.SweepInterval != 0 {
		t.Fatalf("off: %v %v", c.SweepInterval, err)
	}
	for _, v := range []string{"30s", "-1m", "soon", "10"} {
		if _, err := Load(nil, env(map[string]string{"PORTAL_SWEEP_INTERVAL": v}), io.Discard); err == nil {
			t.Errorf("sweep interval %s accepted", v)
		}
	}
}
