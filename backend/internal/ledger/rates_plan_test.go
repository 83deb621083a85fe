package ledger

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// capturingQuerier remembers the last query run through it, with its arguments.
type capturingQuerier struct {
	db    *store.DB
	query string
	args  []any
}

func (c *capturingQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	c.query, c.args = query, args
	return c.db.QueryContext(ctx, query, args...)
}

// The FX query reads each pair's span of rates as one range of fx_rate's primary key
// (base_currency, quote_currency, rate_date), from its last rate on or before the start to the
// end, never by scanning the table or a pair's whole history: the codes are compared as stored
// (upper-case), not through UPPER(). On SQLite the plan searches the key on all three columns;
// on PostgreSQL (with the plans a tiny test table would prefer priced out) the index condition
// holds the pair and both dates, where UPPER() on the columns would leave a filter.
func TestRatesQueryPlanUsesIndex(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		testdb.MustExec(t, db, `INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate) VALUES
			('GBP', 'USD', '2024-01-02', 1.25), ('GBP', 'USD', '2024-03-01', 1.27), ('EUR', 'GBP', '2024-01-02', 0.86)`)
		c := &capturingQuerier{db: db}
		rates, err := NewReader(c, db.Rebind).LoadRates(ctx, []string{"usd", "GBP", "EUR"}, calc.Date(2024, 2, 1), calc.Date(2024, 3, 31))
		if err != nil || len(rates) != 3 {
			t.Fatalf("rates %+v (%v), want the 2 January GBP/USD and EUR/GBP and the 1 March GBP/USD", rates, err)
		}
		var plan []string
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		explain := `EXPLAIN QUERY PLAN `
		if db.Dialect == store.Postgres {
			explain = `EXPLAIN (COSTS OFF) `
			for _, off := range []string{"enable_seqscan", "enable_bitmapscan", "enable_hashjoin", "enable_mergejoin"} {
				if _, err := tx.ExecContext(ctx, `SET LOCAL `+off+` = off`); err != nil {
					t.Fatal(err)
				}
			}
		}
		rows, err := tx.QueryContext(ctx, explain+c.query, c.args...)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			dest := make([]any, len(cols))
			var detail string
			for i := range dest {
				dest[i] = new(any)
			}
			dest[len(cols)-1] = &detail
			if err := rows.Scan(dest...); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		joined := strings.Join(plan, "\n")
		switch db.Dialect {
		case store.Postgres:
			if strings.Contains(joined, "Seq Scan on fx_rate") ||
				!strings.Contains(joined, "Index Scan using fx_rate_pkey on fx_rate f\n") ||
				!strings.Contains(joined, "Index Cond: ((base_currency = spans.base_currency) AND (quote_currency = spans.quote_currency) AND (rate_date >= spans.first_date) AND (rate_date <= ") {
				t.Fatalf("plan:\n%s", joined)
			}
		default:
			if !strings.Contains(joined, "SEARCH f USING PRIMARY KEY (base_currency=? AND quote_currency=? AND rate_date>? AND rate_date<?)") ||
				strings.Contains(joined, "SCAN f") {
				t.Fatalf("plan:\n%s", joined)
			}
		}
	})
}
