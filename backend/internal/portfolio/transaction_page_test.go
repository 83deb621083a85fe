package portfolio

import (
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// bulkTransactions fills db, a fresh store, with accounts 1..accounts and n interest payments,
// the first heavy of them in account 1 and the rest spread over the other accounts, a few a
// day. One INSERT ... SELECT over a recursive count keeps the setup to a second or two.
func bulkTransactions(tb testing.TB, db *store.DB, accounts, n, heavy int) *store.DB {
	tb.Helper()
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'F', 'P', 'GB')`,
		`INSERT INTO entity (id, firm_id, entity_kind, entity_name) VALUES (1, 1, 'client', 'Bulk')`,
		`INSERT INTO portfolio (id, firm_id, entity_id, portfolio_name, ptype) VALUES (1, 1, 1, 'Bulk', 'PT_SINGLE')`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := db.ExecContext(ctx, db.Rebind(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO account (id, portfolio_id, description, active_date) SELECT i, 1, 'Account ' || i, '2000-01-01' FROM n`), accounts); err != nil {
		tb.Fatal(err)
	}
	// The day of payment i, as ISO text (the store's dates), per dialect.
	day := func(start string) string {
		if db.Dialect == store.Postgres {
			return `to_char(DATE '` + start + `' + (i / 7 % 9000), 'YYYY-MM-DD')`
		}
		return `date('` + start + `', '+' || (i / 7 % 9000) || ' days')`
	}
	if _, err := db.ExecContext(ctx, db.Rebind(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
		INSERT INTO txn (account_id, kind, transaction_type_desc, trade_date, settlement_date, gross_amount, net_amount, native_currency)
		SELECT CASE WHEN i < ? THEN 1 ELSE 2 + i % (? - 1) END, 'income', 'Interest',
			`+day("2000-01-01")+`, `+day("2000-01-03")+`,
			1 + i % 100, 1 + i % 100, 'GBP' FROM n`), n, heavy, accounts); err != nil {
		tb.Fatal(err)
	}
	if err := db.SyncIdentities(ctx, db); err != nil {
		tb.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `ANALYZE`); err != nil {
		tb.Fatal(err)
	}
	return db
}

// The page query must search txn_account_date_idx and read rows in index order: no scan of
// the table, no sort. With a bookmark the date bound narrows the search to the bookmark.
// SQLite only: the plan is SQLite's (EXPLAIN QUERY PLAN).
func TestTransactionPageQueryPlanUsesIndex(t *testing.T) {
	db := bulkTransactions(t, testdb.Open(t, store.SQLite), 200, 20000, 5000)
	cursor := &TxnCursor{TradeDate: "2010-06-30", ID: 3000}
	for _, qry := range []TxnPageQuery{
		{Size: 200},
		{Size: 200, After: cursor},
		{Size: 200, Ascending: true},
		{Size: 200, Ascending: true, After: cursor},
		{Size: 1, Start: mustDate("1900-01-01"), Stop: mustDate("2020-12-31"), After: cursor},
	} {
		query, args := pageStatement(1, qry)
		plan := testdb.QueryPlan(t, db, query, args...)
		joined := strings.Join(plan, "\n")
		if !strings.Contains(joined, "SEARCH t USING INDEX txn_account_date_idx (account_id=? AND trade_date>? AND trade_date<?)") ||
			strings.Contains(joined, "TEMP B-TREE") || strings.Contains(joined, "SCAN t") {
			t.Errorf("plan for %+v:\n%s", qry, joined)
		}
	}
}

// A keyset page from a bookmark deep in a heavy account is exactly the OFFSET page.
func TestTransactionsPageDeepBookmarkMatchesOffset(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		bulkTransactions(t, db, 50, 20000, 8000)
		// The querier the handler passes: resourceful.Q rebinds the ? placeholders.
		c, _ := gin.CreateTestContext(httptest.NewRecorder())
		q := resourceful.Q(c, db)
		ctx := context.Background()
		for _, asc := range []bool{false, true} {
			dir := "DESC"
			if asc {
				dir = "ASC"
			}
			var cursor TxnCursor
			if err := db.QueryRow(`SELECT trade_date, id FROM txn WHERE account_id IN (1, 2) ORDER BY trade_date `+dir+`, id `+dir+` LIMIT 1 OFFSET 6000`).
				Scan(&cursor.TradeDate, &cursor.ID); err != nil {
				t.Fatal(err)
			}
			rows, err := TransactionsPage(ctx, q, TxnPageQuery{AccountIDs: []int64{2, 1}, Size: 200, Ascending: asc, After: &cursor})
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, r := range rows {
				got = append(got, r.ID)
			}
			want, err := int64Rows(ctx, db, `SELECT id FROM txn WHERE account_id IN (1, 2) ORDER BY trade_date `+dir+`, id `+dir+` LIMIT 200 OFFSET 6001`)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("ascending %v: got %v\nwant %v", asc, got, want)
			}
		}
	})
}

// BenchmarkTransactionsPage pages a heavy account (50,000 of ~200,000 transactions over 2,000
// accounts): the first page and one 40,000 rows deep should cost about the same.
func BenchmarkTransactionsPage(b *testing.B) {
	db := bulkTransactions(b, testdb.Open(b, store.SQLite), 2000, 200000, 50000)
	ctx := context.Background()
	var deep TxnCursor
	if err := db.QueryRow(`SELECT trade_date, id FROM txn WHERE account_id = 1 ORDER BY trade_date DESC, id DESC LIMIT 1 OFFSET 40000`).
		Scan(&deep.TradeDate, &deep.ID); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		qry  TxnPageQuery
	}{
		{"first", TxnPageQuery{AccountIDs: []int64{1}, Size: 200}},
		{"deep", TxnPageQuery{AccountIDs: []int64{1}, Size: 200, After: &deep}},
		{"first-of-five-accounts", TxnPageQuery{AccountIDs: []int64{1, 2, 3, 4, 5}, Size: 200}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				rows, err := TransactionsPage(ctx, db, bc.qry)
				if err != nil || len(rows) != 200 {
					b.Fatalf("%d rows, %v", len(rows), err)
				}
			}
		})
	}
}

func mustDate(s string) time.Time {
	d, err := calc.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}
