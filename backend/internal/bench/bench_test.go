package bench

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/app"
	"wealthportal/backend/internal/firmdata"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/store"
)

// benchDataVersion names the cached store; bump it when the synthetic firm changes.
const benchDataVersion = 2

// today is the synthetic firm's last day of data.
var today = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)

type firm struct {
	db            *store.DB
	engine        http.Handler
	adviserCookie *http.Cookie
	clientEntity  int64  // a client of the adviser, with accounts
	accountID     int64  // the client's account with the most transactions
	inception     string // that account's opening date
	surname       string // a surname in the adviser's book
}

var (
	once     sync.Once
	shared   *firm
	setupErr error
)

func clients() int {
	if n, err := strconv.Atoi(os.Getenv("PORTAL_BENCH_CLIENTS")); err == nil && n > 0 {
		return n
	}
	return 10000
}

// load returns the synthetic firm's platform, loading the store once per cache key.
func load(b *testing.B) *firm {
	b.Helper()
	once.Do(func() { shared, setupErr = build(clients()) })
	if setupErr != nil {
		b.Fatal(setupErr)
	}
	return shared
}

func build(n int) (*firm, error) {
	ctx := context.Background()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("portal-bench-v%d-%d.db", benchDataVersion, n))
	if _, err := os.Stat(path); err != nil {
		// Load into a scratch file and rename, so an interrupted load is never mistaken for a cache.
		tmp := path + ".loading"
		for _, f := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
			os.Remove(f)
		}
		db, err := store.OpenSQLite(tmp)
		if err != nil {
			return nil, err
		}
		if err := db.Migrate(ctx); err != nil {
			return nil, err
		}
		started := time.Now()
		sum, err := firmdata.Load(ctx, db, firmdata.Synthetic(n, 2026, today), firmdata.LoadOptions{HashCost: 4, Now: today})
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "bench: loaded %d clients, %d transactions in %s\n", sum.Clients, sum.Transactions, time.Since(started).Round(time.Second))
		if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			return nil, err
		}
		db.Close()
		if err := os.Rename(tmp, path); err != nil {
			return nil, err
		}
	}
	db, err := store.OpenSQLite(path)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		return nil, err
	}
	gin.SetMode(gin.ReleaseMode)
	limiter, err := ratelimit.New(db, ratelimit.Options{Secret: []byte("bench-secret-of-32-bytes-length!")})
	if err != nil {
		return nil, err
	}
	engine, err := app.NewPlatformEngine(db, notify.Unconfigured{}, func() time.Time { return today.Add(18 * time.Hour) }, rand.Reader, 4, "bench", limiter, slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, err
	}
	f := &firm{db: db, engine: engine}
	// adviser1's busiest client: the account with the most transactions.
	err = db.QueryRowContext(ctx, `SELECT e.id, t.account_id, e.last_name FROM txn t
		JOIN account a ON a.id = t.account_id
		JOIN portfolio p ON p.id = a.portfolio_id
		JOIN entity e ON e.id = p.entity_id
		JOIN app_user u ON u.entity_id = e.adviser_entity_id AND u.username = 'adviser1@client'
		GROUP BY t.account_id ORDER BY COUNT(*) DESC, t.account_id LIMIT 1`).Scan(&f.clientEntity, &f.accountID, &f.surname)
	if err != nil {
		return nil, fmt.Errorf("pick a client: %w", err)
	}
	if err := db.QueryRowContext(ctx, `SELECT active_date FROM account WHERE id = ?`, f.accountID).Scan(&f.inception); err != nil {
		return nil, err
	}
	req := httptest.NewRequest(http.MethodGet, "/resourceful/session/user", nil)
	req.SetBasicAuth("adviser1@client", firmdata.SyntheticPassword)
	req.Header.Set("X-Xplan-App-Id", "bench")
	rec := httptest.NewRecorder()
	engine.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "XPLANID" {
			f.adviserCookie = c
		}
	}
	if f.adviserCookie == nil {
		return nil, fmt.Errorf("adviser login: %d %s", rec.Code, rec.Body.String())
	}
	return f, nil
}

// get runs one call as the adviser and fails the benchmark on anything but 200.
func (f *firm) get(b testing.TB, target string) []byte {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.AddCookie(f.adviserCookie)
	rec := httptest.NewRecorder()
	f.engine.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("%s: %d %s", target, rec.Code, rec.Body.String())
	}
	return rec.Body.Bytes()
}

func day(t time.Time) string { return t.Format("2006-01-02") }

// BenchmarkProfitAnalysis: a year of profit analysis (TWRR and IRR) over all of a client's accounts.
func BenchmarkProfitAnalysis(b *testing.B) {
	f := load(b)
	q := url.Values{"entityid": {strconv.FormatInt(f.clientEntity, 10)}, "start_date": {day(today.AddDate(-1, 0, 0))},
		"end_date": {day(today)}, "grouping": {"portfolio,account"}, "include_twrr": {"1"}, "include_irr": {"1"}}
	target := "/resourceful/portfolio/profit_analysis/detail?" + q.Encode()
	b.ResetTimer()
	for b.Loop() {
		f.get(b, target)
	}
}

// BenchmarkTimeSeries: an account's whole TWRR series (up to five years), asked for daily.
func BenchmarkTimeSeries(b *testing.B) {
	f := load(b)
	q := url.Values{"start_date": {f.inception}, "end_date": {day(today)}, "frequency": {"1"}}
	target := fmt.Sprintf("/resourceful/portfolio/account/%d/profit_analysis/historic_time_series_twrr?%s", f.accountID, q.Encode())
	b.ResetTimer()
	for b.Loop() {
		f.get(b, target)
	}
}

// BenchmarkClientListSearch: the adviser's client list, first page of a surname search.
func BenchmarkClientListSearch(b *testing.B) {
	f := load(b)
	target := "/resourceful/entity/client-v3?" + url.Values{"quicksearch": {f.surname}, "page_size": {"20"}}.Encode()
	b.ResetTimer()
	for b.Loop() {
		f.get(b, target)
	}
}

// BenchmarkTransactionsPage: the first page of 50 of an account's transactions, newest first.
func BenchmarkTransactionsPage(b *testing.B) {
	f := load(b)
	q := url.Values{"accountid": {strconv.FormatInt(f.accountID, 10)}, "start_date": {"1900-01-01"}, "page_size": {"50"}, "sort_type": {"1"}}
	target := "/resourceful/portfolio/transaction?" + q.Encode()
	b.ResetTimer()
	for b.Loop() {
		f.get(b, target)
	}
}
