package config

import (
	"fmt"
	"net/url"
	"strings"
)

// validateDatabaseURL accepts empty (the embedded SQLite file) or a postgres:// or
// postgresql:// URL with a host; the message never repeats the URL, which may hold a password.
func validateDatabaseURL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("database url: not a URL; want postgres://user:password@host:5432/database")
	}
	if s := strings.ToLower(u.Scheme); (s != "postgres" && s != "postgresql") || u.Host == "" {
		return fmt.Errorf("database url: want postgres://user:password@host:5432/database (empty for the SQLite file in the data directory)")
	}
	return nil
}
