package config

import (
	"fmt"
	"time"
)

// validateSweepInterval accepts 0 (this instance does not sweep) or a minute or more: a shorter
// interval would only repeat the same empty deletes.
func validateSweepInterval(d time.Duration) error {
	if d == 0 || d >= time.Minute {
		return nil
	}
	return fmt.Errorf("sweep interval %s: want 0 (off) or at least 1m", d)
}
