package performance

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"math"
	mrand "math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/platformtest"
)

// The benchmark world: one client with 10 accounts over 5 years, 30 securities (a third in
// USD) with a close every weekday, GBP/USD every weekday, a benchmark, and about 1,000
// transactions. It is inserted with multi-row statements in one transaction to keep set-up
// short.
const (
	benchAccounts   = 10
	benchSecurities = 30
	benchTxnsPerAcc = 100
)

var (
	benchStart = day("2020-07-01")
	benchEnd   = day("2025-06-30")
)

func newBenchEnv(b *testing.B) *testEnv {
	b.Helper()
	gin.SetMode(gin.TestMode)
	db, err := store.OpenSQLite(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		b.Fatal(err)
	}
	env := &testEnv{db: db, now: benchEnd.Add(36 * time.Hour)}
	clock := func() time.Time { return env.now }
	svc, err := auth.NewService(auth.SQLStore{DB: db}, platformtest.NoSender{}, clock, rand.Reader, 4)
	if err != nil {
		b.Fatal(err)
	}
	env.engine = platform.NewEngine(svc, db, []platform.Module{New(db, clock)})
	env.sessions = platformtest.NewSessions(env.engine, fixturePassword, "performance-test")
	hash, err := auth.HashPassword(fixturePassword, 4)
	if err != nil {
		b.Fatal(err)
	}
	if err := db.InTx(context.Background(), func(tx *sql.Tx) error { return loadBenchFixture(tx, hash) }); err != nil {
		b.Fatal(err)
	}
	return env
}

// rowWriter inserts rows into one table in batches of multi-row VALUES.
type rowWriter struct {
	tx    *sql.Tx
	head  string
	width int
	args  []any
	err   error
}

func (w *rowWriter) add(values ...any) {
	w.args = append(w.args, values...)
	if len(w.args) >= 100*w.width {
		w.flush()
	}
}

func (w *rowWriter) flush() {
	if w.err != nil || len(w.args) == 0 {
		return
	}
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", w.width), ", ") + ")"
	rows := strings.TrimSuffix(strings.Repeat(row+", ", len(w.args)/w.width), ", ")
	_, w.err = w.tx.Exec(w.head+" VALUES "+rows, w.args...)
	w.args = w.args[:0]
}

func loadBenchFixture(tx *sql.Tx, hash string) error {
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Bench firm', 'Portal', 'GB')`,
		`INSERT INTO entity (id, firm_id, entity_kind, entity_name) VALUES (100, 1, 'adviser', 'Adviser')`,
		`INSERT INTO entity (id, firm_id, entity_kind, entity_name, adviser_entity_id) VALUES (10, 1, 'client', 'Client, Busy', 100)`,
		`INSERT INTO portfolio (id, firm_id, entity_id, portfolio_name, ptype) VALUES (1, 1, 10, 'Main', 'PT_SINGLE'), (2, 1, 10, 'Pensions', 'PT_SINGLE')`,
		`INSERT INTO portfolio_party (portfolio_id, entity_id, reason_for_visibility) VALUES (1, 10, 'single_owner'), (2, 10, 'single_owner')`,
		`INSERT INTO benchmark (id, name) VALUES (1, 'Index')`,
	} {
		if _, err := tx.Exec(q); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(`INSERT INTO app_user (username, password_hash, role_name, entity_id, created_at) VALUES ('busy', ?, 'ClientUser', 10, 'x')`, hash); err != nil {
		return err
	}
	rng := mrand.New(mrand.NewPCG(1, 2))
	accounts := &rowWriter{tx: tx, head: `INSERT INTO account (id, portfolio_id, description, active_date)`, width: 4}
	for a := 1; a <= benchAccounts; a++ {
		accounts.add(a, 1+a%2, fmt.Sprintf("Account %02d", a), calc.FormatDate(benchStart))
	}
	accounts.flush()
	securities := &rowWriter{tx: tx, head: `INSERT INTO security (id, code, description, currency)`, width: 4}
	securityCurrency := func(s int) string {
		if s%3 == 0 {
			return "USD"
		}
		return "GBP"
	}
	for s := 1; s <= benchSecurities; s++ {
		securities.add(s, fmt.Sprintf("S%02d", s), fmt.Sprintf("Security %02d", s), securityCurrency(s))
	}
	securities.flush()

	days := weekdays(benchStart, benchEnd)
	closes := make([][]float64, benchSecurities+1)
	prices := &rowWriter{tx: tx, head: `INSERT INTO security_price (security_id, price_date, close_price)`, width: 3}
	for s := 1; s <= benchSecurities; s++ {
		p := 10 + float64(s)
		closes[s] = make([]float64, len(days))
		for i, d := range days {
			p *= 1 + 0.0002 + 0.01*math.Sin(float64(i*s)/17)
			closes[s][i] = p
			prices.add(s, calc.FormatDate(d), p)
		}
	}
	prices.flush()
	fxRates := &rowWriter{tx: tx, head: `INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate)`, width: 4}
	bench := &rowWriter{tx: tx, head: `INSERT INTO benchmark_value (benchmark_id, value_date, value)`, width: 3}
	for i, d := range days {
		fxRates.add("GBP", "USD", calc.FormatDate(d), 1.25+0.05*math.Sin(float64(i)/60))
		bench.add(1, calc.FormatDate(d), 3000+float64(i))
	}
	fxRates.flush()
	bench.flush()

	txns := &rowWriter{tx: tx, head: `INSERT INTO txn (account_id, security_id, kind, transaction_type_desc, trade_date,
		settlement_date, volume, price_per_unit, gross_amount, fee, tax, net_amount, native_currency)`, width: 13}
	for a := 1; a <= benchAccounts; a++ {
		first := calc.FormatDate(days[0])
		txns.add(a, nil, ledger.KindDeposit, "Deposit", first, first, 0, 0, 100000, 0, 0, 100000, "GBP")
		txns.add(a, nil, ledger.KindDeposit, "Deposit", first, first, 0, 0, 50000, 0, 0, 50000, "USD")
		for k := 1; k < benchTxnsPerAcc-1; k++ {
			i := k * (len(days) - 1) / benchTxnsPerAcc
			d := calc.FormatDate(days[i])
			s := 1 + rng.IntN(benchSecurities)
			price, ccy := closes[s][i], securityCurrency(s)
			switch k % 6 {
			case 0, 1, 2:
				units := float64(10 + rng.IntN(50))
				txns.add(a, s, ledger.KindBuy, "Buy", d, d, units, price, units*price, 5, 0, units*price+5, ccy)
			case 3:
				units := float64(1 + rng.IntN(5))
				txns.add(a, s, ledger.KindSell, "Sell", d, d, units, price, units*price, 5, 0, units*price-5, ccy)
			case 4:
				txns.add(a, s, ledger.KindIncome, "Dividend", d, d, 0, 0, 120, 0, 20, 100, ccy)
			case 5:
				if k%12 == 5 {
					txns.add(a, nil, ledger.KindWithdrawal, "Withdrawal", d, d, 0, 0, 2000, 0, 0, 2000, "GBP")
				} else {
					txns.add(a, nil, ledger.KindFee, "Fee", d, d, 0, 0, 75, 0, 0, 75, "GBP")
				}
			}
		}
	}
	txns.flush()
	for _, w := range []*rowWriter{accounts, securities, prices, fxRates, bench, txns} {
		if w.err != nil {
			return w.err
		}
	}
	return nil
}

// BenchmarkProfitAnalysis is one profit_analysis/detail call over 5 years for 10 accounts,
// grouped by portfolio and account, with TWRR and IRR at every level (13 measurements).
func BenchmarkProfitAnalysis(b *testing.B) {
	env := newBenchEnv(b)
	params := q("start_date", calc.FormatDate(benchStart), "end_date", calc.FormatDate(benchEnd),
		"grouping", "portfolio,account", "include_twrr", "1", "include_irr", "1")
	check := env.getJSON(b, "busy", "portfolio/profit_analysis/detail", params)
	if n := obj(b, check["total"])["accounts_count"]; n != float64(benchAccounts) || obj(b, check["total"])["twrr"] == nil {
		b.Fatalf("total: %v", check["total"])
	}
	b.ReportAllocs()
	for b.Loop() {
		if rec := env.get(b, "busy", "portfolio/profit_analysis/detail", params); rec.Code != http.StatusOK {
			b.Fatal(rec.Body.String())
		}
	}
}

// BenchmarkTimeSeries is one portfolio series over 5 years (sampled quarterly by default)
// with a benchmark.
func BenchmarkTimeSeries(b *testing.B) {
	env := newBenchEnv(b)
	path := "portfolio/portfolio/1/profit_analysis/historic_time_series_twrr"
	params := q("start_date", calc.FormatDate(benchStart), "end_date", calc.FormatDate(benchEnd), "benchmark_name", "Index")
	check := env.getJSON(b, "busy", path, params)
	if len(list(b, check["points"])) < 20 || check["frequency"] != float64(calc.FrequencyQuarterly) {
		b.Fatalf("series: %d points, frequency %v", len(list(b, check["points"])), check["frequency"])
	}
	b.ReportAllocs()
	for b.Loop() {
		if rec := env.get(b, "busy", path, params); rec.Code != http.StatusOK {
			b.Fatal(rec.Body.String())
		}
	}
}
