package testkit

import (
	"context"
	"testing"
	"time"

	"wealthportal/backend/internal/demo"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// DemoSeededAt is the demo's "today" in every seeded copy, and DemoHashCost the bcrypt cost of
// its passwords (the cheapest, for speed).
var DemoSeededAt = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// DemoHashCost is the bcrypt cost of the demo logins' passwords in a seeded copy.
const DemoHashCost = 4

// demoTemplate is the key of the demo firm's template in testdb.
const demoTemplate = "demo"

// seedDemo is the template's seed: the demo firm as demo.Seed leaves a fresh store.
func seedDemo(ctx context.Context, db *store.DB) error {
	_, err := demo.Seed(ctx, db, DemoHashCost, DemoSeededAt)
	return err
}

// Main runs a package's tests and then removes the seeded templates. A package whose tests call
// SeededDB, SeededDBOn or EachDB calls it from TestMain:
//
//	func TestMain(m *testing.M) { testkit.Main(m) }
func Main(m *testing.M) { testdb.Main(m) }

// SeededDB is a SQLite store of the test's own at path (a file in the test's temporary folder),
// migrated and holding the demo firm, as demo.Seed leaves a fresh store. It is a copy of the
// template, so the demo's passwords are hashed once per test binary, not once per test. The
// store is closed when the test ends.
func SeededDB(t testing.TB, path string) *store.DB {
	t.Helper()
	return testdb.SQLiteAt(t, path, demoTemplate, seedDemo)
}

// SeededDBOn is SeededDB on dialect d (on PostgreSQL a database copied from a seeded template,
// dropped when the test ends).
func SeededDBOn(t testing.TB, d store.Dialect) *store.DB {
	t.Helper()
	return testdb.Template(t, d, demoTemplate, seedDemo)
}

// EachDB runs fn as a subtest per dialect of the run (testdb.Dialects), each with a seeded
// demo store of its own.
func EachDB(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) { fn(t, SeededDBOn(t, d)) })
	}
}
