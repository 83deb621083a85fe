package testdb

import (
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
)

// The plan names the index that serves a lookup, on both dialects, and a scan when none can.
func TestQueryPlanShowsIndexOrScan(t *testing.T) {
	EachDB(t, func(t *testing.T, db *store.DB) {
		MustExec(t, db, `CREATE TABLE plan_probe (id INTEGER PRIMARY KEY, code TEXT NOT NULL, note TEXT)`)
		MustExec(t, db, `CREATE INDEX plan_probe_code_idx ON plan_probe (code)`)
		indexed := strings.Join(QueryPlan(t, db, `SELECT id FROM plan_probe WHERE code = ?`, "a"), "\n")
		if !strings.Contains(indexed, "plan_probe_code_idx") {
			t.Errorf("lookup by code:\n%s", indexed)
		}
		scanned := strings.Join(QueryPlan(t, db, `SELECT id FROM plan_probe WHERE note = ?`, "a"), "\n")
		if strings.Contains(scanned, "plan_probe_code_idx") || !strings.Contains(strings.ToLower(scanned), "scan") {
			t.Errorf("lookup by note:\n%s", scanned)
		}
	})
}
