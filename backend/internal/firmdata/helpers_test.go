package firmdata

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// newDB is a fresh, migrated SQLite store, for benchmarks; tests take theirs from
// testdb.EachDB, on every dialect of the run.
func newDB(t testing.TB) *store.DB {
	t.Helper()
	return testdb.Open(t, store.SQLite)
}

// smallFirm is testdata/small-firm.json, parsed afresh so each test may change its copy.
func smallFirm(t testing.TB) Firm {
	t.Helper()
	f, err := ParseFile("testdata/small-firm.json")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// snapshot is every row of every table, so a test can tell whether anything changed at all.
func snapshot(t *testing.T, db *store.DB) string {
	t.Helper()
	tablesQuery := `SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'schema_migrations' ORDER BY name`
	if db.Dialect == store.Postgres {
		tablesQuery = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
			AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name`
	}
	rows, err := db.Query(tablesQuery)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	var b strings.Builder
	for _, table := range tables {
		rows, err := db.Query(`SELECT * FROM ` + table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			lines = append(lines, fmt.Sprint(vals...))
		}
		rows.Close()
		sort.Strings(lines)
		fmt.Fprintf(&b, "%s %d\n%s\n", table, len(lines), strings.Join(lines, "\n"))
	}
	return b.String()
}

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(db.Rebind(query), args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
