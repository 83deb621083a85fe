package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// daysFixture writes four accounts over the first half of 2024 with direct SQL: sterling,
// dollar and pence securities with weekday closes, a security that is never priced, GBP/USD
// rates (no EUR), and transactions of every kind: deposits to a cash security and to synthetic
// cash, trades settled in another currency, income with tax withheld, fees, in-specie
// transfers both ways and withdrawals.
func daysFixture(t *testing.T, db *store.DB) {
	t.Helper()
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Firm', 'Portal', 'GB')`,
		`INSERT INTO entity (id, firm_id, entity_kind, entity_name) VALUES (10, 1, 'client', 'Client, A')`,
		`INSERT INTO portfolio (id, firm_id, entity_id, portfolio_name, ptype) VALUES (1, 1, 10, 'P', 'PT_SINGLE')`,
		`INSERT INTO account (id, portfolio_id, description, active_date) VALUES
			(1, 1, 'A1', '2024-01-02'), (2, 1, 'A2', '2024-01-02'), (3, 1, 'A3', '2024-01-02'), (4, 1, 'A4', '2024-01-02')`,
		`INSERT INTO security (id, code, description, currency, asset_class_code) VALUES
			(1, 'ALPHA', 'Alpha', 'GBP', 'Equity'), (2, 'GAMMA', 'Gamma', 'USD', 'Equity'), (3, 'CASH.GBP', 'Sterling cash', 'GBP', 'Cash'),
			(4, 'VOD', 'Vodafone', 'GBX', 'Equity'), (5, 'PRIVATE', 'Unlisted', 'GBP', 'Equity')`,
	} {
		testdb.MustExec(t, db, q)
	}
	var prices, rates []string
	i := 0
	for d := calc.Date(2024, 1, 1); d.Before(calc.Date(2024, 7, 1)); d = d.AddDate(0, 0, 1) {
		if d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
			continue
		}
		i++
		ds := calc.FormatDate(d)
		prices = append(prices, fmt.Sprintf("(1, '%s', %g), (2, '%s', %g), (4, '%s', %g)",
			ds, 10+float64(i%7)*0.25, ds, 100+float64(i%11)*1.5, ds, 250+float64(i%5)*3))
		if i%5 == 1 {
			rates = append(rates, fmt.Sprintf("('GBP', 'USD', '%s', %g)", ds, 1.25+float64(i%3)*0.01))
		}
	}
	testdb.MustExec(t, db, `INSERT INTO security_price (security_id, price_date, close_price) VALUES `+strings.Join(prices, ", "))
	testdb.MustExec(t, db, `INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate) VALUES `+strings.Join(rates, ", "))
	testdb.MustExec(t, db, `INSERT INTO txn (account_id, security_id, kind, transaction_type_desc, trade_date, settlement_date,
		volume, price_per_unit, gross_amount, fee, tax, net_amount, native_currency) VALUES
		(1, 3, 'deposit', 'd', '2024-01-02', '2024-01-02', 0, 0, 10000, 0, 0, 10000, 'GBP'),
		(1, 1, 'buy', 'b', '2024-01-03', '2024-01-05', 400, 10, 4000, 12, 0, 4012, 'GBP'),
		(1, 1, 'income', 'i', '2024-02-15', '2024-02-15', 0, 0, 100, 0, 20, 80, 'GBP'),
		(1, NULL, 'fee', 'f', '2024-03-01', '2024-03-01', 0, 0, 30, 0, 5, 30, 'GBP'),
		(1, 1, 'sell', 's', '2024-04-10', '2024-04-12', 150, 11, 1650, 10, 0, 1640, 'GBP'),
		(1, NULL, 'withdrawal', 'w', '2024-05-20', '2024-05-20', 0, 0, 500, 0, 0, 500, 'GBP'),
		(2, 1, 'transfer_in', 'ti', '2024-01-10', '2024-01-10', 300, 9, 2700, 0, 0, 2700, 'GBP'),
		(2, NULL, 'deposit', 'd', '2024-01-10', '2024-01-10', 0, 0, 5000, 0, 0, 5000, 'GBP'),
		(2, 2, 'buy', 'b', '2024-02-01', '2024-02-03', 20, 100, 1600, 5, 0, 1605, 'GBP'),
		(2, 1, 'transfer_out', 'to', '2024-03-15', '2024-03-15', 100, 10, 1000, 0, 0, 1000, 'GBP'),
		(2, NULL, 'transfer_out', 'to', '2024-06-03', '2024-06-03', 0, 0, 250, 0, 0, 250, 'GBP'),
		(3, NULL, 'deposit', 'd', '2024-01-15', '2024-01-15', 0, 0, 8000, 0, 0, 8000, 'USD'),
		(3, 2, 'buy', 'b', '2024-01-16', '2024-01-18', 40, 101, 4040, 0, 0, 4040, 'USD'),
		(3, 4, 'buy', 'b', '2024-02-20', '2024-02-22', 1000, 2.5, 2500, 0, 0, 2500, 'GBP'),
		(3, 2, 'income', 'i', '2024-03-28', '2024-03-28', 0, 0, 60, 0, 9, 51, 'USD'),
		(4, NULL, 'deposit', 'd', '2024-02-01', '2024-02-01', 0, 0, 3000, 0, 0, 3000, 'GBP'),
		(4, 5, 'buy', 'b', '2024-02-05', '2024-02-05', 100, 20, 2000, 0, 0, 2000, 'GBP'),
		(4, 5, 'buy', 'b', '2024-04-05', '2024-04-05', 10, 25, 250, 0, 0, 250, 'GBP')`)
}

// fresh values the accounts from scratch: LoadInput and Value, no stored rows involved.
func fresh(t *testing.T, db *store.DB, ids []int64, rng calc.DateRange, currency string, costs Costs) Valuation {
	t.Helper()
	in, err := NewReader(db, db.Rebind).LoadInput(context.Background(), ids, rng, currency, costs)
	if err != nil {
		t.Fatal(err)
	}
	return Value(in)
}

// sameValuation fails unless a and b are equal to the last bit, day by day and account by account.
func sameValuation(t *testing.T, what string, a, b Valuation) {
	t.Helper()
	if len(a.Dates) != len(b.Dates) || len(a.Accounts) != len(b.Accounts) || a.Currency != b.Currency {
		t.Fatalf("%s: %d days, %d accounts (%s) against %d days, %d accounts (%s)", what, len(a.Dates), len(a.Accounts), a.Currency,
			len(b.Dates), len(b.Accounts), b.Currency)
	}
	for id, sa := range a.Accounts {
		sb := b.Accounts[id]
		if (sa.Err == nil) != (sb.Err == nil) {
			t.Fatalf("%s: account %d error %v against %v", what, id, sa.Err, sb.Err)
		}
		for i := range sa.Values {
			if sa.Values[i] != sb.Values[i] || sa.Flows[i] != sb.Flows[i] || sa.Income[i] != sb.Income[i] {
				t.Fatalf("%s: account %d on %s: value %v flow %v income %v against %v %v %v", what, id, calc.FormatDate(a.Dates[i]),
					sa.Values[i], sa.Flows[i], sa.Income[i], sb.Values[i], sb.Flows[i], sb.Income[i])
			}
		}
	}
}

var allDaysAccounts = []int64{1, 2, 3, 4}

// A valuation from the materialised days equals one worked out from scratch, to the last bit,
// whatever the range, report currency and fee basis, on first need (rows written), on reuse
// (rows read), and after each kind of write at a random date: a transaction inserted, edited
// or deleted, a close inserted, edited or deleted, an exchange rate added, a security's
// currency changed. The random cut dates come from a fixed seed, so a failure repeats.
func TestDaysEqualFreshValuation(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		daysFixture(t, db)
		ctx := context.Background()
		days := NewDays(db)
		rnd := rand.New(rand.NewPCG(13, 2024))
		first := calc.Date(2024, 1, 1)
		randomDay := func() time.Time { return first.AddDate(0, 0, rnd.IntN(182)) }
		check := func(what string) {
			t.Helper()
			a, b := randomDay(), randomDay()
			if b.Before(a) {
				a, b = b, a
			}
			rng := calc.DateRange{Start: a, End: b}
			currency := []string{"GBP", "USD", "EUR"}[rnd.IntN(3)]
			costs := Costs{AddBackFees: rnd.IntN(2) == 0, AddBackTaxes: rnd.IntN(2) == 0}
			for pass := range 2 { // the first may write rows, the second reads them
				got, err := days.Value(ctx, allDaysAccounts, rng, currency, costs)
				if err != nil {
					t.Fatal(err)
				}
				sameValuation(t, fmt.Sprintf("%s, pass %d, %s to %s in %s %+v", what, pass, calc.FormatDate(a), calc.FormatDate(b), currency, costs),
					got, fresh(t, db, allDaysAccounts, rng, currency, costs))
			}
		}
		for range 4 {
			check("before any write")
		}
		var cached int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM valuation_day`).Scan(&cached); err != nil || cached == 0 {
			t.Fatalf("%d rows materialised (%v)", cached, err)
		}
		writes := []struct {
			name string
			run  func(d string)
		}{
			{"transaction inserted", func(d string) {
				testdb.MustExec(t, db, `INSERT INTO txn (account_id, security_id, kind, transaction_type_desc, trade_date, settlement_date,
					volume, price_per_unit, gross_amount, fee, tax, net_amount, native_currency) VALUES (?, 1, 'buy', 'b', ?, ?, 7, 10, 70, 1, 0, 71, 'GBP')`,
					1+rnd.IntN(4), d, d)
			}},
			{"transaction edited", func(d string) {
				testdb.MustExec(t, db, `UPDATE txn SET trade_date = ?, net_amount = net_amount + 1 WHERE id = ?`, d, 1+rnd.IntN(18))
			}},
			{"transaction deleted", func(string) {
				testdb.MustExec(t, db, `DELETE FROM txn WHERE id = (SELECT MAX(id) FROM txn)`)
			}},
			{"close inserted or replaced", func(d string) {
				testdb.MustExec(t, db, `INSERT INTO security_price (security_id, price_date, close_price) VALUES (?, ?, ?)
					ON CONFLICT (security_id, price_date) DO UPDATE SET close_price = excluded.close_price`, []int64{1, 2, 4, 5}[rnd.IntN(4)], d, 5+rnd.Float64()*20)
			}},
			{"close edited", func(d string) {
				testdb.MustExec(t, db, `UPDATE security_price SET close_price = close_price * 1.1 WHERE security_id = ? AND price_date <= ?`, 1+rnd.IntN(2), d)
			}},
			{"close deleted", func(d string) {
				testdb.MustExec(t, db, `DELETE FROM security_price WHERE security_id = ? AND price_date = (SELECT MAX(price_date) FROM security_price WHERE price_date <= ?)`,
					[]int64{1, 2, 4}[rnd.IntN(3)], d)
			}},
			{"rate added", func(d string) {
				pair := [][2]string{{"GBP", "USD"}, {"USD", "GBP"}, {"GBP", "EUR"}}[rnd.IntN(3)]
				testdb.MustExec(t, db, `INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate) VALUES (?, ?, ?, ?)
					ON CONFLICT (base_currency, quote_currency, rate_date) DO UPDATE SET rate = excluded.rate`, pair[0], pair[1], d, 0.5+rnd.Float64())
			}},
			{"security currency changed", func(string) {
				testdb.MustExec(t, db, `UPDATE security SET currency = CASE currency WHEN 'GBP' THEN 'USD' ELSE 'GBP' END WHERE id = ?`, []int64{1, 5}[rnd.IntN(2)])
			}},
		}
		for round := range 3 {
			for _, w := range writes {
				w.run(calc.FormatDate(randomDay()))
				check(fmt.Sprintf("round %d, after %s", round, w.name))
			}
		}
	})
}

// staleFrom reads an account's valuation_state: how far its rows go and from when they are stale.
func staleFrom(t *testing.T, db *store.DB, id int64) (through, stale string) {
	t.Helper()
	var th, st sql.NullString
	if err := db.QueryRow(db.Rebind(`SELECT valued_through, stale_from FROM valuation_state WHERE account_id = ?`), id).Scan(&th, &st); err != nil {
		t.Fatal(err)
	}
	return th.String, st.String
}

// Each write path marks exactly the rows it can change as stale, from the right day: a
// transaction its account from its trade date (both dates when edited); a close the accounts
// that held the security on that day, from that day or the start of the holding; a security's
// currency every holder from the start of its holding. A close outside an account's holding,
// or of a security it never held, leaves its rows alone, and so does an exchange rate (the
// rows hold no rate). Then the next valuation rewrites the stale days and clears the mark.
func TestDaysInvalidation(t *testing.T) {
	cases := []struct {
		name  string
		write string
		args  []any
		want  map[int64]string // account: stale_from ("" unchanged, fresh)
	}{
		{"transaction inserted", `INSERT INTO txn (account_id, kind, transaction_type_desc, trade_date, settlement_date, net_amount, native_currency)
			VALUES (2, 'deposit', 'd', '2024-03-04', '2024-03-04', 10, 'GBP')`, nil, map[int64]string{2: "2024-03-04"}},
		{"transaction edited: both dates", `UPDATE txn SET trade_date = '2024-05-01' WHERE account_id = 1 AND kind = 'fee'`, nil,
			map[int64]string{1: "2024-03-01"}},
		{"transaction moved to another account", `UPDATE txn SET account_id = 4 WHERE account_id = 1 AND kind = 'withdrawal'`, nil,
			map[int64]string{1: "2024-05-20", 4: "2024-05-20"}},
		{"transaction deleted", `DELETE FROM txn WHERE account_id = 3 AND kind = 'income'`, nil, map[int64]string{3: "2024-03-28"}},
		// ALPHA: account 1 holds it from 3 January, account 2 from 10 January (its span ends
		// with the transfer out? no: 200 units stay, so it is open).
		{"close inserted", `INSERT INTO security_price (security_id, price_date, close_price) VALUES (1, '2024-06-29', 12)`, nil,
			map[int64]string{1: "2024-06-29", 2: "2024-06-29"}},
		{"close before a holding starts", `UPDATE security_price SET close_price = 9.5 WHERE security_id = 1 AND price_date = '2024-01-08'`, nil,
			map[int64]string{1: "2024-01-08", 2: "2024-01-10"}},
		{"close deleted", `DELETE FROM security_price WHERE security_id = 2 AND price_date = '2024-04-01'`, nil,
			map[int64]string{2: "2024-04-01", 3: "2024-04-01"}},
		// PRIVATE has no closes: account 4's rows are at its trade price until one arrives.
		{"first close of an unpriced security", `INSERT INTO security_price (security_id, price_date, close_price) VALUES (5, '2024-03-01', 30)`, nil,
			map[int64]string{4: "2024-03-01"}},
		{"security's currency", `UPDATE security SET currency = 'USD' WHERE id = 4`, nil, map[int64]string{3: "2024-02-20"}},
		{"security's description only", `UPDATE security SET description = 'Vodafone Group' WHERE id = 4`, nil, nil},
		{"exchange rate", `INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate) VALUES ('GBP', 'EUR', '2024-03-01', 1.17)`, nil, nil},
	}
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		daysFixture(t, db)
		// Account 1 sells part of its ALPHA; a close after account 3's last GAMMA transaction
		// still counts (it is held); one for a security nobody holds counts for nobody.
		ctx := context.Background()
		days := NewDays(db)
		rng := calc.DateRange{Start: calc.Date(2024, 1, 1), End: calc.Date(2024, 6, 30)}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				if _, err := days.Value(ctx, allDaysAccounts, rng, "GBP", Costs{}); err != nil {
					t.Fatal(err)
				}
				for _, id := range allDaysAccounts {
					if through, stale := staleFrom(t, db, id); through != "2024-06-30" || stale != "" {
						t.Fatalf("account %d before the write: through %q, stale from %q", id, through, stale)
					}
				}
				testdb.MustExec(t, db, c.write, c.args...)
				for _, id := range allDaysAccounts {
					if _, stale := staleFrom(t, db, id); stale != c.want[id] {
						t.Errorf("account %d stale from %q, want %q", id, stale, c.want[id])
					}
				}
				got, err := days.Value(ctx, allDaysAccounts, rng, "GBP", Costs{})
				if err != nil {
					t.Fatal(err)
				}
				sameValuation(t, "after the write", got, fresh(t, db, allDaysAccounts, rng, "GBP", Costs{}))
			})
		}
	})
}

// Rows worked out from a reading that a concurrent write has since overtaken are not stored:
// the account's generation (a transaction) or a held security's (a close) moved on between
// the reading and the write, so the state keeps saying the rows are missing. Here the write
// lands between refresh's reading and its store step.
func TestDaysNotStoredOverAConcurrentChange(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		daysFixture(t, db)
		ctx := context.Background()
		d := NewDays(db)
		end := calc.Date(2024, 6, 30)
		for _, w := range []struct {
			name, write string
		}{
			{"transaction", `INSERT INTO txn (account_id, kind, transaction_type_desc, trade_date, settlement_date, net_amount, native_currency)
				VALUES (1, 'deposit', 'd', '2024-03-04', '2024-03-04', 10, 'GBP')`},
			{"close", `INSERT INTO security_price (security_id, price_date, close_price) VALUES (1, '2024-06-29', 12)`},
		} {
			t.Run(w.name, func(t *testing.T) {
				testdb.MustExec(t, db, `DELETE FROM valuation_state`)
				ids := []int64{1}
				if err := d.claim(ctx, ids); err != nil {
					t.Fatal(err)
				}
				states, err := d.states(ctx, ids)
				if err != nil {
					t.Fatal(err)
				}
				r := d.reader()
				txns, err := r.LoadTransactions(ctx, ids, end)
				if err != nil {
					t.Fatal(err)
				}
				secs, err := r.LoadSecurities(ctx, securityIDs(txns))
				if err != nil {
					t.Fatal(err)
				}
				gens, err := d.marketGenerations(ctx, securityIDs(txns))
				if err != nil {
					t.Fatal(err)
				}
				native := Materialise(txns, ids, Market{Securities: secs}, map[int64]time.Time{1: txns[0].TradeDate}, end)
				testdb.MustExec(t, db, w.write) // the concurrent change
				if err := d.store(ctx, ids, states, gens, map[int64][]Txn{1: txns}, secs, native, map[int64]time.Time{}, end); err != nil {
					t.Fatal(err)
				}
				if through, _ := staleFrom(t, db, 1); through != "" {
					t.Fatalf("rows stored through %s over a concurrent change", through)
				}
				// Without a concurrent change the same steps store them.
				states, _ = d.states(ctx, ids)
				gens, _ = d.marketGenerations(ctx, securityIDs(txns))
				if err := d.store(ctx, ids, states, gens, map[int64][]Txn{1: txns}, secs, native, map[int64]time.Time{}, end); err != nil {
					t.Fatal(err)
				}
				if through, _ := staleFrom(t, db, 1); through != "2024-06-30" {
					t.Fatalf("rows not stored without a concurrent change: through %q", through)
				}
			})
		}
	})
}

// generations reads each id's generation from either table, leaves out an id without a row,
// and asks for the rows in key order with the lock appended, whatever the order of the ids:
// store takes its locks through it, and one order for every writer is what rules out a cycle.
func TestGenerations(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		daysFixture(t, db)
		testdb.MustExec(t, db, `DELETE FROM valuation_state`)
		testdb.MustExec(t, db, `DELETE FROM valuation_market`)
		testdb.MustExec(t, db, `INSERT INTO valuation_state (account_id, generation) VALUES (2, 7), (1, 5)`)
		testdb.MustExec(t, db, `INSERT INTO valuation_market (security_id, generation) VALUES (4, 3), (1, 9)`)
		shared, exclusive := "", ""
		if db.Dialect == store.Postgres {
			shared, exclusive = " FOR SHARE", " FOR UPDATE"
		}
		for _, c := range []struct {
			table, key, lock string
			ids              []int64
			want             map[int64]int64
			asked            string // the ids in the order the query names them
		}{
			{"valuation_state", "account_id", exclusive, []int64{3, 2, 1}, map[int64]int64{1: 5, 2: 7}, "[1 2 3]"},
			{"valuation_market", "security_id", shared, []int64{4, 2, 1}, map[int64]int64{1: 9, 4: 3}, "[1 2 4]"},
			{"valuation_state", "account_id", exclusive, nil, map[int64]int64{}, "[]"},
		} {
			var queries []string
			var order [][]any
			err := db.InTx(context.Background(), func(tx *sql.Tx) error {
				got, err := generations(func(query string, args ...any) (*sql.Rows, error) {
					queries, order = append(queries, query), append(order, args)
					return tx.QueryContext(context.Background(), db.Rebind(query), args...)
				}, c.table, c.key, c.ids, c.lock)
				if err != nil {
					return err
				}
				if fmt.Sprint(got) != fmt.Sprint(c.want) {
					t.Errorf("%s %v: %v, want %v", c.table, c.ids, got, c.want)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(queries) != 1 || !strings.HasSuffix(queries[0], "ORDER BY "+c.key+c.lock) {
				t.Errorf("%s: queries %q, want one ending ORDER BY %s%s", c.table, queries, c.key, c.lock)
			}
			if len(order) == 1 && fmt.Sprint(order[0]) != c.asked {
				t.Errorf("%s: ids asked in the order %v, want ascending", c.table, order[0])
			}
		}
	})
}

// mapMemo is a Memo over a plain map (resourceful.Shared in the platform).
type mapMemo map[any]any

func (m mapMemo) Load(key any) (any, bool) { v, ok := m[key]; return v, ok }
func (m mapMemo) Store(key, value any)     { m[key] = value }

// With a Memo, a second valuation of the same accounts and range takes the days the first read
// (a stored row altered by hand in between does not show), until a write moves an account's
// generation: then that account is read again, and the answer is the fresh one.
func TestDaysMemo(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		daysFixture(t, db)
		ctx := context.Background()
		days := NewDays(db)
		rng := calc.DateRange{Start: calc.Date(2024, 3, 1), End: calc.Date(2024, 3, 31)}
		if _, err := days.Value(ctx, allDaysAccounts, rng, "GBP", Costs{}); err != nil { // stores the rows
			t.Fatal(err)
		}
		memo := mapMemo{}
		shared := days.With(memo)
		first, err := shared.Value(ctx, allDaysAccounts, rng, "GBP", Costs{})
		if err != nil {
			t.Fatal(err)
		}
		testdb.MustExec(t, db, `UPDATE valuation_day SET value = value + 1000 WHERE value_date = '2024-03-29'`)
		again, err := shared.Value(ctx, allDaysAccounts, rng, "GBP", Costs{})
		if err != nil {
			t.Fatal(err)
		}
		sameValuation(t, "from the memo", again, first)
		if other, _ := days.Value(ctx, allDaysAccounts, rng, "GBP", Costs{}); other.Accounts[1].Values[28] != first.Accounts[1].Values[28]+1000 {
			t.Fatalf("without the memo 29 March reads %v, want the altered %v", other.Accounts[1].Values[28], first.Accounts[1].Values[28]+1000)
		}
		testdb.MustExec(t, db, `INSERT INTO security_price (security_id, price_date, close_price) VALUES (1, '2024-03-30', 50)`)
		got, err := shared.Value(ctx, allDaysAccounts, rng, "GBP", Costs{})
		if err != nil {
			t.Fatal(err)
		}
		want := fresh(t, db, allDaysAccounts, rng, "GBP", Costs{})
		for _, id := range []int64{1, 2} { // ALPHA's holders: read again, right
			if got.Accounts[id].Values[29] != want.Accounts[id].Values[29] {
				t.Errorf("account %d on 30 March: %v, want %v", id, got.Accounts[id].Values[29], want.Accounts[id].Values[29])
			}
		}
		if got.Accounts[3].Values[28] != first.Accounts[3].Values[28] { // not a holder: still the memo's
			t.Errorf("account 3 on 29 March: %v, want the memo's %v", got.Accounts[3].Values[28], first.Accounts[3].Values[28])
		}
	})
}
