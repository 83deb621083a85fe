package firmdata

import (
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
			if plan := strings.Join(testdb.QueryPlan(t, db, q, args...), "\n"); !strings.Contains(plan, want) {
				t.Errorf("%s: the username is not matched through an index:\n%s", name, plan)
			}
		}
	})
}
