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

	"github.com/jackc/pgx/v5"
	"modernc.org/sqlite" // pure-Go SQLite driver
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationsFS embed.FS

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
	// connector opens a connection outside the pool (CheckWrite's SQLite check); nil when not
	// SQLite.
	connector driver.Connector
	// statements are the hot queries' prepared statements (prepared.go).
	statements statements
	// changes counts writes to watched tables (changes.go); nil on PostgreSQL.
	changes *Changes
	// pgConfig is the PostgreSQL connection's configuration (nil on SQLite): OpenPlainPool
	// opens a second pool on the same database from it.
	pgConfig *pgx.ConnConfig
}

// sqlitePoolSize is the SQLite pool's size, chosen by measurement (docs/performance.md, "The
// BFF path"): on the 2-core reference machine 2, 4 and 8 connections served the session/user
// benchmark alike within the noise, and SQLite has one writer whatever the size.
const sqlitePoolSize = 4

// OpenSQLite opens (creating if needed) the SQLite file at file with WAL, a busy timeout and
// foreign keys on: the three settings every connection in the pool must carry.
func OpenSQLite(file string) (*DB, error) {
	dsn := "file:" + file + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	connector, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	// Without a counter (a file system that cannot map it) callers keep nothing between
	// requests, which is slower, never wrong.
	changes, _ := openChanges(file)
	db := sql.OpenDB(poolConnector{Connector: connector, changes: changes})
	// SQLite allows one writer; a small pool avoids lock churn on a 2-core box. Every open
	// connection stays idle in the pool (database/sql keeps 2 by default): a connection closed
	// and reopened under load loses its prepared statements and page cache (sqlitePoolSize).
	db.SetMaxOpenConns(sqlitePoolSize)
	db.SetMaxIdleConns(sqlitePoolSize)
	db.SetConnMaxIdleTime(5 * time.Minute)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("ping sqlite: %w", err)
	}
	return &DB{DB: db, Dialect: SQLite, connector: connector, changes: changes}, nil
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

// Migrate applies every numbered migration of the store's dialect (migrations/sqlite or
// migrations/postgres) not yet recorded in schema_migrations, each in its own transaction, in
// version order. A store whose schema is newer than this binary's newest migration is refused
// (ErrSchemaNewer): an older binary must not write into a schema it does not know. On
// PostgreSQL each step holds an advisory lock, so portal instances starting together migrate
// once.
func (db *DB) Migrate(ctx context.Context) error {
	migrations, err := migrationFiles(migrationsFS, db.migrationsDir())
	if err != nil {
		return err
	}
	if len(migrations) == 0 {
		return fmt.Errorf("no migrations for dialect %q", db.Dialect)
	}
	if err := db.InTx(ctx, func(tx *sql.Tx) error {
		if err := db.lockMigrations(ctx, tx); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`)
		return err
	}); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	newest := migrations[len(migrations)-1].version
	if v, err := db.Version(ctx); err != nil {
		return err
	} else if v > newest {
		return fmt.Errorf("%w: the database is at schema version %d, this binary knows versions up to %d; run the newer portal binary (or restore a backup of the database)",
			ErrSchemaNewer, v, newest)
	}
	for _, m := range migrations {
		name, version := path.Base(m.file), m.version
		body, err := migrationsFS.ReadFile(m.file)
		if err != nil {
			return err
		}
		err = db.InTx(ctx, func(tx *sql.Tx) error {
			if err := db.lockMigrations(ctx, tx); err != nil {
				return err
			}
			var seen int
			if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), version).Scan(&seen); err != nil || seen > 0 {
				return err
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("migration %s: %w", name, err)
			}
			_, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
				version, name, time.Now().UTC().Format(time.RFC3339))
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// ErrSchemaNewer is Migrate's answer for a database migrated by a newer binary.
var ErrSchemaNewer = errors.New("database schema is newer than this binary")

// migrationsDir is the folder of the dialect's migrations in migrationsFS.
func (db *DB) migrationsDir() string {
	if db.Dialect == Postgres {
		return "migrations/postgres"
	}
	return "migrations/sqlite"
}

// migrationLockKey is the PostgreSQL advisory lock that serialises migrations across instances.
const migrationLockKey = 0x77700001

// lockMigrations takes the migration lock for the rest of tx (PostgreSQL; SQLite's write
// transaction is lock enough).
func (db *DB) lockMigrations(ctx context.Context, tx *sql.Tx) error {
	if db.Dialect != Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(`+strconv.Itoa(migrationLockKey)+`)`)
	return err
}

// NewestMigration is the highest migration version this binary carries for the dialect.
func NewestMigration(d Dialect) (int, error) {
	ms, err := migrationFiles(migrationsFS, (&DB{Dialect: d}).migrationsDir())
	if err != nil || len(ms) == 0 {
		return 0, err
	}
	return ms[len(ms)-1].version, nil
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

// Version reports the highest applied migration (0 for a store never migrated).
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
