package housekeeping

import (
	"context"
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
			plan := queryPlan(t, db, r.deleteSQL(), "2026-01-01", "2026-01-01", 500)
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

// queryPlan is the dialect's plan for query, as text (EXPLAIN QUERY PLAN's details on SQLite,
// EXPLAIN's lines on PostgreSQL).
func queryPlan(t *testing.T, db *store.DB, query string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	explain := `EXPLAIN QUERY PLAN `
	if db.Dialect == store.Postgres {
		explain = `EXPLAIN `
		if _, err := conn.ExecContext(ctx, `SET enable_seqscan = off`); err != nil {
			t.Fatal(err)
		}
		defer conn.ExecContext(ctx, `RESET enable_seqscan`)
	}
	rows, err := conn.QueryContext(ctx, db.Rebind(explain+query), args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var plan []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		switch v := vals[len(vals)-1].(type) {
		case string:
			plan = append(plan, v)
		case []byte:
			plan = append(plan, string(v))
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(plan, "\n")
}
