package recovery

import (
	"errors"
	"fmt"
	"net/http"

	"wealthportal/backend/internal/apierr"
)

// relayable keeps the platform's answers a user may read (a refused input, a limit) and turns
// anything else (a platform refusing the BFF's application id, a 5xx) into the BFF's own 500,
// whose detail stays in the log.
func relayable(method, path string, err error) error {
	var ae *apierr.Error
	if !errors.As(err, &ae) {
		return err
	}
	if ae.Status == http.StatusBadRequest || ae.Status == http.StatusTooManyRequests {
		return ae
	}
	return fmt.Errorf("platform %s %s answered %d: %s", method, path, ae.Status, ae.APIMessage)
}
