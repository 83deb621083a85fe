package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// SQLiteFile is the name of the embedded store's file in the data directory.
const SQLiteFile = "portal.db"

// connectTimeout bounds Open's first contact with a PostgreSQL server, so an unreachable
// database stops start-up with a message instead of hanging it.
const connectTimeout = 10 * time.Second

// ErrUnreachable is Open's answer when the database server cannot be reached or refuses the
// connection.
var ErrUnreachable = errors.New("database unreachable")

// IsPostgresURL reports whether databaseURL names a PostgreSQL server (postgres:// or
// postgresql://); anything else, including empty, means the embedded SQLite file.
func IsPostgresURL(databaseURL string) bool {
	u := strings.ToLower(databaseURL)
	return strings.HasPrefix(u, "postgres://") || strings.HasPrefix(u, "postgresql://")
}

// Open opens the store the configuration names: PostgreSQL when databaseURL is a postgres://
// or postgresql:// URL, else the SQLite file portal.db in dataDir (created with the folder when
// missing). It does not migrate: call Migrate. Errors never carry the URL's password.
func Open(ctx context.Context, databaseURL, dataDir string) (*DB, error) {
	if IsPostgresURL(databaseURL) {
		return OpenPostgres(ctx, databaseURL)
	}
	if databaseURL != "" {
		return nil, fmt.Errorf("database url %q: want postgres://… or postgresql://… (empty for the embedded SQLite file)", RedactURL(databaseURL))
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("data dir: %w", err)
	}
	return OpenSQLite(filepath.Join(dataDir, SQLiteFile))
}

// RedactURL is databaseURL fit for a log line or an error: the password, if any, replaced.
func RedactURL(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil {
		return "(unparsable database url)"
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}
