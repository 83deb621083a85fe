package portfolio_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// countingQuerier is the store with ? rebound, counting the queries it runs.
type countingQuerier struct {
	db      *store.DB
	queries int
}

func (c *countingQuerier) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	c.queries++
	return c.db.QueryRowContext(ctx, c.db.Rebind(q), args...)
}

func (c *countingQuerier) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	c.queries++
	return c.db.QueryContext(ctx, c.db.Rebind(q), args...)
}

// Checking many accounts at once (access.CanReachAccounts, which the position list, profit
// analysis and account groups use) answers for each account exactly what checking it alone
// (access.CanReachAccount) answers, for every kind of caller, and reads the parties once and
// checks each party once instead of once per account (issue 13: some 150 round trips of a
// 20-account dashboard on PostgreSQL).
func TestAccountsCheckedTogetherAnswerAsAlone(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		newFixture(t, db)
		ctx := context.Background()
		accounts := []int64{11, 12, 13, 14, 21, 31, 41, 51, 61, 71, 81, 91, 999}
		for _, p := range []struct {
			name string
			p    access.Principal
		}{
			{"Alice", access.Principal{EntityID: 1001, FirmID: 1, Role: access.RoleClient}},
			{"Bob", access.Principal{EntityID: 1002, FirmID: 1, Role: access.RoleClient}},
			{"Carol (view_partner)", access.Principal{EntityID: 1003, FirmID: 1, Role: access.RoleClient}},
			{"Dan", access.Principal{EntityID: 1004, FirmID: 1, Role: access.RoleClient}},
			{"Ann (adviser)", access.Principal{EntityID: 100, FirmID: 1, Role: access.RoleAdviser}},
			{"Ben with Frank in context", access.Principal{EntityID: 101, FirmID: 1, Role: access.RoleAdviser, ClientInContext: 1006}},
			{"Cat (other firm)", access.Principal{EntityID: 200, FirmID: 2, Role: access.RoleAdviser}},
		} {
			q := &countingQuerier{db: db}
			got, err := access.CanReachAccounts(ctx, q, p.p, accounts)
			if err != nil {
				t.Fatal(err)
			}
			reached := 0
			for i, id := range accounts {
				want := access.CanReachAccount(ctx, q, p.p, id)
				if !errors.Is(got[i], want) && got[i] != want {
					t.Errorf("%s, account %d: together %v, alone %v", p.name, id, got[i], want)
				}
				if want == nil {
					reached++
				}
			}
			if reached == 0 && p.name != "Cat (other firm)" {
				t.Errorf("%s reaches none of the accounts: the fixture does not test much", p.name)
			}
		}

		// Alice's four accounts have one party: one read of the parties, one check of her.
		q := &countingQuerier{db: db}
		alice := access.Principal{EntityID: 1001, FirmID: 1, Role: access.RoleClient}
		errs, err := access.CanReachAccounts(ctx, q, alice, []int64{11, 12, 13, 14})
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range errs {
			if e != nil {
				t.Fatalf("Alice's account %d: %v", []int64{11, 12, 13, 14}[i], e)
			}
		}
		if q.queries > 2 {
			t.Errorf("%d queries to check four accounts of one party, want 2", q.queries)
		}
	})
}
