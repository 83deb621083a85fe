package housekeeping

import (
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Every batch statement finds its dead rows through its rule's index (migration 0014), on both
// dialects, so a round never scans a whole table. On PostgreSQL sequential scans are turned off
// for the connection, so the empty tables still show whether an index can serve.
func TestSweepStatementsUseTheirIndex(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		for _, r := range Rules() {
			plan := strings.Join(testdb.QueryPlan(t, db, r.deleteSQL(), "2026-01-01", "2026-01-01", 500), "\n")
			if !strings.Contains(plan, r.Index) {
				t.Errorf("%s (%s) does not use %s:\n%s", r.Table, r.Dead, r.Index, plan)
			}
			if db.Dialect == store.SQLite && strings.Contains(plan, "SCAN "+r.Table) {
				t.Errorf("%s (%s) scans the table:\n%s", r.Table, r.Dead, plan)
			}
			if db.Dialect == store.Postgres && strings.Contains(plan, "Seq Scan") {
				t.Errorf("%s (%s) scans the table:\n%s", r.Table, r.Dead, plan)
			}
		}
	})
}
