package ledger

import (
	"context"
	"database/sql"
	"testing"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// countingQuerier counts the queries run through it.
type countingQuerier struct {
	db *store.DB
	n  int
}

func (c *countingQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	c.n++
	return c.db.QueryContext(ctx, query, args...)
}

// Loading is batched: one query per table for the whole set of accounts and range, however many
// accounts, securities and days (issue 11 §2). Three accounts trade two securities (one in
// dollars) over a month; LoadInput is four queries and PositionsAt four, and both read every
// account's deposit to the cash security as cash.
func TestLoadingIsBatched(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for _, q := range []string{
			`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Firm', 'Portal', 'GB')`,
			`INSERT INTO entity (id, firm_id, entity_kind, entity_name) VALUES (10, 1, 'client', 'Client, A')`,
			`INSERT INTO portfolio (id, firm_id, entity_id, portfolio_name, ptype) VALUES (1, 1, 10, 'P', 'PT_SINGLE')`,
			`INSERT INTO account (id, portfolio_id, description, active_date) VALUES (1, 1, 'A1', '2024-03-01'), (2, 1, 'A2', '2024-03-01'), (3, 1, 'A3', '2024-03-01')`,
			`INSERT INTO security (id, code, description, currency, asset_class_code) VALUES
			(1, 'ALPHA', 'Alpha', 'GBP', 'Equity'), (2, 'GAMMA', 'Gamma', 'USD', 'Equity'), (3, 'CASH.GBP', 'Sterling cash', 'GBP', 'Cash')`,
			`INSERT INTO security_price (security_id, price_date, close_price) VALUES
			(1, '2024-02-28', 9), (1, '2024-03-01', 10), (1, '2024-03-29', 12), (2, '2024-03-01', 100), (2, '2024-03-29', 110)`,
			`INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate) VALUES ('GBP', 'USD', '2024-02-01', 1.25), ('GBP', 'USD', '2024-03-15', 1.30)`,
			`INSERT INTO txn (account_id, security_id, kind, transaction_type_desc, trade_date, settlement_date, volume, price_per_unit, gross_amount, net_amount, native_currency) VALUES
			(1, 3, 'deposit', 'Deposit', '2024-03-01', '2024-03-01', 0, 0, 1000, 1000, 'GBP'), (1, 1, 'buy', 'Buy', '2024-03-01', '2024-03-01', 50, 10, 500, 500, 'GBP'),
			(2, 3, 'deposit', 'Deposit', '2024-03-01', '2024-03-01', 0, 0, 1000, 1000, 'GBP'), (2, 2, 'buy', 'Buy', '2024-03-04', '2024-03-04', 4, 100, 400, 400, 'USD'),
			(3, 3, 'deposit', 'Deposit', '2024-03-01', '2024-03-01', 0, 0, 1000, 1000, 'GBP')`,
		} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%v\n%s", err, q)
			}
		}
		q := &countingQuerier{db: db}
		r := NewReader(q, db.Rebind)
		rng := calc.DateRange{Start: calc.Date(2024, 3, 1), End: calc.Date(2024, 3, 31)}
		in, err := r.LoadInput(ctx, []int64{1, 2, 3}, rng, "GBP", Costs{})
		if err != nil {
			t.Fatal(err)
		}
		if q.n != 4 {
			t.Fatalf("LoadInput ran %d queries, want 4", q.n)
		}
		// Account 1 on 31 March: 500 cash + 50 × 12 = 1,100 (the 28 February close is not needed).
		v := Value(in)
		if got := v.Accounts[1].Values[30]; got != 1100 {
			t.Fatalf("account 1 on 31 March = %v, want 1100", got)
		}
		if len(in.Market.Closes[1]) != 2 || in.Market.Rates == nil {
			t.Fatalf("closes %v", in.Market.Closes)
		}

		q.n = 0
		ps, _, err := r.PositionsAt(ctx, []int64{1, 2, 3}, calc.Date(2024, 3, 31))
		if err != nil {
			t.Fatal(err)
		}
		if q.n != 4 {
			t.Fatalf("PositionsAt ran %d queries, want 4", q.n)
		}
		// 1: ALPHA, CASH.GBP 500; 2: GAMMA, CASH.GBP 1,000 and synthetic CASH.USD −400; 3: CASH.GBP.
		if len(ps) != 6 || ps[0].Security.Code != "ALPHA" || ps[0].Price != 12 || ps[1].Volume != 500 {
			t.Fatalf("positions %+v", ps)
		}
	})
}
