//go:build !unix

package store

import "errors"

// openChanges has no shared counter to offer where files cannot be mapped as on unix: callers
// then keep nothing between requests.
func openChanges(string) (*Changes, error) {
	return nil, errors.New("store: no shared change counter on this system")
}
