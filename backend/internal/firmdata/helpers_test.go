package firmdata

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
)

// newDB is a fresh, migrated store.
func newDB(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "portal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
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
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'schema_migrations' ORDER BY name`)
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
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
