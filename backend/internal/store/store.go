package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite" // pure-Go SQLite driver
)

//go:embed migrations/sqlite/*.sql
var sqliteMigrations embed.FS

// Dialect names the SQL dialect behind a DB, so queries can be rebound for it.
type Dialect string

// Dialects the store knows.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// ErrNotFound is returned by domain stores when a row does not exist.
var ErrNotFound = errors.New("not found")

// DB is the shared database handle with its dialect.
type DB struct {
	*sql.DB
	Dialect Dialect
	// connector opens a connection outside the pool (CheckWrite); nil when not SQLite.
	connector driver.Connector
}

// OpenSQLite opens (creating if needed) the SQLite file at file with WAL, a busy timeout and
// foreign keys on: the three settings every connection in the pool must carry.
func OpenSQLite(file string) (*DB, error) {
	dsn := "file:" + file + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	connector, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	db := sql.OpenDB(poolConnector{connector})
	// SQLite allows one writer; a small pool avoids lock churn on a 2-core box.
	db.SetMaxOpenConns(4)
	db.SetConnMaxIdleTime(5 * time.Minute)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("ping sqlite: %w", err)
	}
	return &DB{DB: db, Dialect: SQLite, connector: connector}, nil
}

// Rebind turns ? placeholders into the dialect's form ($1, $2 ... for PostgreSQL).
func (db *DB) Rebind(query string) string {
	if db.Dialect != Postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Migrate applies every numbered migration not yet recorded in schema_migrations, each in its
// own transaction, in version order.
func (db *DB) Migrate(ctx context.Context) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	migrations, err := migrationFiles(sqliteMigrations, "migrations/sqlite")
	if err != nil {
		return err
	}
	for _, m := range migrations {
		f, name, version := m.file, path.Base(m.file), m.version
		var seen int
		if err := db.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), version).Scan(&seen); err != nil {
			return err
		}
		if seen > 0 {
			continue
		}
		body, err := sqliteMigrations.ReadFile(f)
		if err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
			version, name, time.Now().UTC().Format(time.RFC3339)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// migration is one numbered SQL file.
type migration struct {
	file    string
	version int
}

// migrationFiles lists the numbered migrations in dir in version order. Two files with one
// number are refused: the second would be skipped silently once the first is recorded.
func migrationFiles(fsys fs.FS, dir string) ([]migration, error) {
	files, err := fs.Glob(fsys, dir+"/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	seen := map[int]string{}
	out := make([]migration, 0, len(files))
	for _, f := range files {
		name := path.Base(f)
		version, err := strconv.Atoi(strings.SplitN(name, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number", name)
		}
		if other, dup := seen[version]; dup {
			return nil, fmt.Errorf("migrations %s and %s share the number %d", other, name, version)
		}
		seen[version] = name
		out = append(out, migration{file: f, version: version})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// Version reports the highest applied migration.
func (db *DB) Version(ctx context.Context) (int, error) {
	var v sql.NullInt64
	err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&v)
	return int(v.Int64), err
}

// InTx runs fn in a transaction, committing when it returns nil.
func (db *DB) InTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// TimeFormat is how timestamps are stored: UTC RFC 3339 with nanoseconds, so text order is time order.
const TimeFormat = "2006-01-02T15:04:05.000000000Z"

// FormatTime renders t for storage.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeFormat) }

// ParseTime reads a stored timestamp.
func ParseTime(s string) (time.Time, error) { return time.Parse(TimeFormat, s) }
