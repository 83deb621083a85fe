package auth

import (
	"context"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// A username is found whatever its case on both dialects (lower() on both sides), and on
// SQLite the lookup searches app_user_username_lower_uq instead of scanning every login.
func TestUserByUsernameIgnoresCaseThroughTheIndex(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect)
		ctx := context.Background()
		testdb.MustExec(t, f.db, `UPDATE app_user SET username = 'Ada.Mixed' WHERE id = 2`)
		for _, name := range []string{"ada.mixed", "ADA.MIXED", "Ada.Mixed"} {
			u, err := f.svc.Store.UserByUsername(ctx, name)
			if err != nil || u.ID != 2 {
				t.Errorf("%s: %+v %v", name, u.ID, err)
			}
		}
		if dialect != store.SQLite {
			return
		}
		plan := testdb.QueryPlan(t, f.db, selectUser+` WHERE lower(u.username) = lower(?)`, "ada")
		if !strings.Contains(strings.Join(plan, "\n"), "app_user_username_lower_uq") {
			t.Errorf("the username lookup does not use the lower(username) index:\n%s", strings.Join(plan, "\n"))
		}
	})
}
