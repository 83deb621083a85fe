// Package testdb gives tests a store of their own on each dialect the run has: SQLite always,
// and PostgreSQL when PORTAL_TEST_DATABASE_URL names a server (`make test` always sets it:
// scripts/pg-test-cluster.sh starts a throwaway cluster). It imports only package store, so the
// tests of every domain package can use it, including those package testkit builds on.
//
// On PostgreSQL a template database is migrated (and seeded, for Template) once per test binary
// and every test gets `CREATE DATABASE <fresh> TEMPLATE <template>`, dropped when the test ends.
// A package using it calls Main from its TestMain, which drops the templates at the end.
package testdb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"wealthportal/backend/internal/store"
)

// URLEnv names the variable holding the PostgreSQL server the tests may create databases on
// (a superuser, or a role with CREATEDB). Empty: the tests run on SQLite only.
const URLEnv = "PORTAL_TEST_DATABASE_URL"

// Seed fills a freshly migrated store that becomes a template.
type Seed func(ctx context.Context, db *store.DB) error

// state is what one test binary made: templates to copy and the server connection that makes
// databases. Guarded by its mutex; Main removes everything.
var state struct {
	sync.Mutex
	inMain    bool
	admin     *sql.DB
	counter   int
	templates map[string]*template
	sources   map[*store.DB]string // what Reopen opens again: a SQLite file or a PostgreSQL URL
}

// template is one seeded store, made once: a SQLite file or a PostgreSQL database name.
type template struct {
	once sync.Once
	dir  string // SQLite: folder of the file
	file string // SQLite: the compacted file each test copies
	name string // PostgreSQL: the template database
	err  error
}

// Main runs the package's tests, then removes the templates and closes the server connection:
//
//	func TestMain(m *testing.M) { testdb.Main(m) }
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is Main without the exit, for a TestMain that cleans up more (testkit.Main).
func Run(m *testing.M) int {
	state.Lock()
	state.inMain = true
	state.Unlock()
	code := m.Run()
	state.Lock()
	defer state.Unlock()
	for _, tm := range state.templates {
		if tm.dir != "" {
			os.RemoveAll(tm.dir)
		}
		if tm.name != "" && state.admin != nil {
			state.admin.Exec(`DROP DATABASE IF EXISTS ` + tm.name + ` WITH (FORCE)`)
		}
	}
	if state.admin != nil {
		state.admin.Close()
	}
	return code
}

// Dialects are the dialects this run tests: SQLite, then PostgreSQL when URLEnv is set.
func Dialects() []store.Dialect {
	if os.Getenv(URLEnv) == "" {
		return []store.Dialect{store.SQLite}
	}
	return []store.Dialect{store.SQLite, store.Postgres}
}

// EachDB runs fn as a subtest named after each dialect of Dialects, with a freshly migrated
// store of its own.
func EachDB(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(string(d), func(t *testing.T) { fn(t, Open(t, d)) })
	}
}

// EachDialect runs fn as a subtest named after each dialect of Dialects, for tests that open
// their stores themselves (Open, Template, Reopen).
func EachDialect(t *testing.T, fn func(t *testing.T, d store.Dialect)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(string(d), func(t *testing.T) { fn(t, d) })
	}
}

// Reopen is a second handle (its own pool) on the database behind db, which Open, Template or
// SQLiteAt made: another portal process on the same store. It is closed when the test ends.
func Reopen(t testing.TB, db *store.DB) *store.DB {
	t.Helper()
	state.Lock()
	src := state.sources[db]
	state.Unlock()
	if src == "" {
		t.Fatal("testdb: Reopen of a store testdb did not open")
	}
	var other *store.DB
	var err error
	if db.Dialect == store.Postgres {
		other, err = store.OpenPostgres(context.Background(), src)
	} else {
		other, err = store.OpenSQLite(src)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	return other
}

// remember records where db came from, for Reopen.
func remember(t testing.TB, db *store.DB, src string) {
	state.Lock()
	defer state.Unlock()
	if state.sources == nil {
		state.sources = map[*store.DB]string{}
	}
	state.sources[db] = src
	t.Cleanup(func() {
		state.Lock()
		defer state.Unlock()
		delete(state.sources, db)
	})
}

// Open is a freshly migrated store of the test's own on dialect d, closed (and on PostgreSQL
// dropped) when the test ends.
func Open(t testing.TB, d store.Dialect) *store.DB {
	t.Helper()
	return Template(t, d, "migrated", nil)
}

// Template is a store of the test's own on dialect d holding what seed wrote into a freshly
// migrated store. seed runs once per test binary and key; each test gets a copy. The store is
// migrated again on open (a no-op), closed when the test ends, and on PostgreSQL dropped.
func Template(t testing.TB, d store.Dialect, key string, seed Seed) *store.DB {
	t.Helper()
	tm, err := templateFor(d, key, seed)
	if err != nil {
		t.Fatal(err)
	}
	var db *store.DB
	switch d {
	case store.SQLite:
		db = sqliteCopy(t, tm, filepath.Join(t.TempDir(), store.SQLiteFile))
	case store.Postgres:
		db = openPostgresCopy(t, tm.name)
	default:
		t.Fatalf("testdb: unknown dialect %q", d)
	}
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// SQLiteAt is Template on SQLite with the store's file at path (for tests that look at the
// file itself).
func SQLiteAt(t testing.TB, path, key string, seed Seed) *store.DB {
	t.Helper()
	tm, err := templateFor(store.SQLite, key, seed)
	if err != nil {
		t.Fatal(err)
	}
	db := sqliteCopy(t, tm, path)
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

func sqliteCopy(t testing.TB, tm *template, file string) *store.DB {
	t.Helper()
	if tm.file != "" {
		if err := copyFile(tm.file, file); err != nil {
			t.Fatal(err)
		}
	}
	db, err := store.OpenSQLite(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	remember(t, db, file)
	return db
}

// PostgresURL is the URL of a new, empty PostgreSQL database of the test's own (dropped when
// the test ends), for tests of what opens the store itself; it skips nothing: call it only when
// Dialects includes PostgreSQL.
func PostgresURL(t testing.TB) string {
	t.Helper()
	name, err := createDatabase("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dropDatabase(name) })
	return databaseURL(name)
}

func openPostgresCopy(t testing.TB, tmpl string) *store.DB {
	t.Helper()
	name, err := createDatabase(tmpl)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.OpenPostgres(context.Background(), databaseURL(name))
	if err != nil {
		dropDatabase(name)
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Close()
		dropDatabase(name)
	})
	remember(t, db, databaseURL(name))
	return db
}

// templateFor makes the template of (d, key) on first use; a failure is kept and answered to
// every caller.
func templateFor(d store.Dialect, key string, seed Seed) (*template, error) {
	state.Lock()
	if !state.inMain {
		state.Unlock()
		return nil, errors.New("testdb: call testdb.Main (or testkit.Main) from the package's TestMain, which removes the templates")
	}
	if state.templates == nil {
		state.templates = map[string]*template{}
	}
	k := string(d) + "/" + key
	tm := state.templates[k]
	if tm == nil {
		tm = &template{}
		state.templates[k] = tm
	}
	state.Unlock()
	tm.once.Do(func() {
		switch d {
		case store.SQLite:
			tm.err = tm.makeSQLite(seed)
		case store.Postgres:
			tm.err = tm.makePostgres(seed)
		}
	})
	return tm, tm.err
}

// makeSQLite seeds into a file in a new folder and compacts it into one self-contained file
// (VACUUM INTO: no WAL beside it). Without a seed there is nothing to copy: each test migrates
// a new file, which is as fast as copying one.
func (tm *template) makeSQLite(seed Seed) error {
	if seed == nil {
		return nil
	}
	dir, err := os.MkdirTemp("", "wealthportal-testdb-")
	if err != nil {
		return err
	}
	tm.dir = dir
	ctx := context.Background()
	db, err := store.OpenSQLite(filepath.Join(dir, "seeding.db"))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	if err := seed(ctx, db); err != nil {
		return err
	}
	file := filepath.Join(dir, "template.db")
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, file); err != nil {
		return fmt.Errorf("testdb: compact the template: %w", err)
	}
	tm.file = file
	return nil
}

// makePostgres migrates and seeds a new database, then closes every connection to it so that
// it can serve as a template.
func (tm *template) makePostgres(seed Seed) error {
	name, err := createDatabase("")
	if err != nil {
		return err
	}
	tm.name = name
	ctx := context.Background()
	db, err := store.OpenPostgres(ctx, databaseURL(name))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	if seed != nil {
		if err := seed(ctx, db); err != nil {
			return err
		}
	}
	return db.Close()
}

// admin is the connection to the server's own database that creates and drops databases.
func admin() (*sql.DB, error) {
	state.Lock()
	defer state.Unlock()
	if state.admin != nil {
		return state.admin, nil
	}
	raw := os.Getenv(URLEnv)
	if !store.IsPostgresURL(raw) {
		return nil, fmt.Errorf("testdb: %s must be a postgres:// URL", URLEnv)
	}
	db, err := store.OpenPostgres(context.Background(), raw)
	if err != nil {
		return nil, err
	}
	state.admin = db.DB
	return state.admin, nil
}

// createDatabase creates a database with a name unique to this process, from tmpl when given.
func createDatabase(tmpl string) (string, error) {
	a, err := admin()
	if err != nil {
		return "", err
	}
	state.Lock()
	state.counter++
	name := fmt.Sprintf("wpt_%d_%d", os.Getpid(), state.counter)
	state.Unlock()
	q := `CREATE DATABASE ` + name
	if tmpl != "" {
		q += ` TEMPLATE ` + tmpl
	}
	if _, err := a.Exec(q); err != nil {
		return "", fmt.Errorf("testdb: %s: %w", q, err)
	}
	return name, nil
}

func dropDatabase(name string) {
	if a, err := admin(); err == nil {
		a.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`)
	}
}

// databaseURL is URLEnv's server with the database name replaced.
func databaseURL(name string) string {
	u, err := url.Parse(os.Getenv(URLEnv))
	if err != nil {
		return ""
	}
	u.Path = "/" + strings.TrimPrefix(name, "/")
	return u.String()
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// MustExec runs one fixture statement on db, its ? placeholders rebound for the dialect, and
// fails the test (naming the statement) when it does not run.
func MustExec(t testing.TB, db *store.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(db.Rebind(query), args...); err != nil {
		t.Fatalf("%v\n%s", err, query)
	}
}
