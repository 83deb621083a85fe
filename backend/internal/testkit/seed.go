package testkit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"wealthportal/backend/internal/demo"
	"wealthportal/backend/internal/store"
)

// DemoSeededAt is the demo's "today" in every seeded copy, and DemoHashCost the bcrypt cost of
// its passwords (the cheapest, for speed).
var DemoSeededAt = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// DemoHashCost is the bcrypt cost of the demo logins' passwords in a seeded copy.
const DemoHashCost = 4

// template is the demo firm seeded once per test binary: a SQLite file in a folder of its own,
// made by the first SeededDB and removed by Main.
var template struct {
	sync.Mutex
	dir, file string
	err       error
	inMain    bool
}

// Main runs a package's tests and then removes the seeded template. A package whose tests call
// SeededDB calls it from TestMain:
//
//	func TestMain(m *testing.M) { testkit.Main(m) }
func Main(m *testing.M) {
	template.Lock()
	template.inMain = true
	template.Unlock()
	code := m.Run()
	template.Lock()
	if template.dir != "" {
		os.RemoveAll(template.dir)
	}
	template.Unlock()
	os.Exit(code)
}

// SeededDB is a store of the test's own at path (a file in the test's temporary folder),
// migrated and holding the demo firm, as demo.Seed leaves a fresh store. It is a copy of the
// template, so the demo's passwords are hashed once per test binary, not once per test. The
// store is closed when the test ends.
func SeededDB(t testing.TB, path string) *store.DB {
	t.Helper()
	src, err := templateFile()
	if err != nil {
		t.Fatal(err)
	}
	if err := copyFile(src, path); err != nil {
		t.Fatal(err)
	}
	db, err := store.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// templateFile seeds the template on first use; a failure is kept and answered to every caller.
func templateFile() (string, error) {
	template.Lock()
	defer template.Unlock()
	if !template.inMain {
		return "", errors.New("testkit: call testkit.Main from the package's TestMain, which removes the seeded template")
	}
	if template.file != "" || template.err != nil {
		return template.file, template.err
	}
	template.file, template.err = seedTemplate()
	return template.file, template.err
}

// seedTemplate seeds the demo firm into a store in a new temporary folder and compacts it into
// one self-contained file (VACUUM INTO: no WAL beside it), which is what each test copies.
func seedTemplate() (string, error) {
	dir, err := os.MkdirTemp("", "wealthportal-demo-")
	if err != nil {
		return "", err
	}
	template.dir = dir
	ctx := context.Background()
	db, err := store.OpenSQLite(filepath.Join(dir, "seeding.db"))
	if err != nil {
		return "", err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return "", err
	}
	if _, err := demo.Seed(ctx, db, DemoHashCost, DemoSeededAt); err != nil {
		return "", err
	}
	file := filepath.Join(dir, "demo.db")
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, file); err != nil {
		return "", fmt.Errorf("testkit: copy the seeded demo: %w", err)
	}
	return file, nil
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
