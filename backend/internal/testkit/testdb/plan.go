package testdb

import (
	"context"
	"testing"

	"wealthportal/backend/internal/store"
)

// QueryPlan is the dialect's plan for query, one line per plan step: EXPLAIN QUERY PLAN's
// details on SQLite, EXPLAIN (COSTS OFF)'s lines on PostgreSQL. On PostgreSQL sequential scans
// are turned off for the connection while it explains, so a small or empty test table still
// shows whether an index can serve the query (with them on, the planner rightly prefers a scan).
// The query's ? placeholders are rebound for the dialect.
func QueryPlan(t testing.TB, db *store.DB, query string, args ...any) []string {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	explain := `EXPLAIN QUERY PLAN `
	if db.Dialect == store.Postgres {
		explain = `EXPLAIN (COSTS OFF) `
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
		// SQLite answers (id, parent, notused, detail), PostgreSQL one text column: the
		// description is the last column on both.
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
	return plan
}
