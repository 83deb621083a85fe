package firmdata

import (
	"context"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// TestLoginStatementsFindTheUserByItsIndex: the statements that address a login by username
// match it the way the store keeps usernames unique, lower(username), so on both dialects an
// index serves them. On PostgreSQL `username = ?` is case-sensitive and no index serves it:
// one full scan of app_user per login of a large firm.
func TestLoginStatementsFindTheUserByItsIndex(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		for name, q := range map[string]string{
			"login steps":       updateLoginStepsSQL,
			"security question": insertSecurityQuestionSQL,
		} {
			args := make([]any, strings.Count(q, "?")) // NULLs, then the username
			args[len(args)-1] = "Ruth@Client"
			// SQLite may use either index on the username (its column ignores case).
			want := "SEARCH app_user USING"
			if db.Dialect == store.Postgres {
				want = "app_user_username_lower_uq"
			}
			if plan := queryPlan(t, db, q, args...); !strings.Contains(plan, want) {
				t.Errorf("%s: the username is not matched through an index:\n%s", name, plan)
			}
		}
	})
}

// queryPlan is the dialect's plan for query, as text. On PostgreSQL sequential scans are
// turned off for the connection, so an empty table still shows whether an index can serve.
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
	cols, _ := rows.Columns()
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
		plan = append(plan, string(toText(vals[len(vals)-1])))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(plan, "\n")
}

func toText(v any) []byte {
	switch v := v.(type) {
	case string:
		return []byte(v)
	case []byte:
		return v
	}
	return nil
}
