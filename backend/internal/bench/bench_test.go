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
	"wealthportal/backend/internal/testkit/testdb"
)

// benchDataVersion names the cached store; bump it when the synthetic firm changes.
const benchDataVersion = 3

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

// firms holds the synthetic firm loaded once per dialect for the whole test binary.
var firms = struct {
	sync.Mutex
	loaded map[store.Dialect]*loadedFirm
}{loaded: map[store.Dialect]*loadedFirm{}}

type loadedFirm struct {
	once sync.Once
	f    *firm
	err  error
}

func TestMain(m *testing.M) { testdb.Main(m) }

func clients() int {
	if n, err := strconv.Atoi(os.Getenv("PORTAL_BENCH_CLIENTS")); err == nil && n > 0 {
		return n
	}
	return 10000
}

// eachFirm runs fn as a sub-benchmark named after each dialect of the run (testdb.Dialects:
// SQLite, and PostgreSQL when PORTAL_TEST_DATABASE_URL is set), on the synthetic firm loaded
// into that store.
func eachFirm(b *testing.B, fn func(b *testing.B, f *firm)) {
	for _, d := range testdb.Dialects() {
		b.Run(string(d), func(b *testing.B) { fn(b, load(b, d)) })
	}
}

// load returns the synthetic firm's platform on dialect d, loading the store once per binary
// (and on SQLite once per cache key across runs).
func load(b *testing.B, d store.Dialect) *firm {
	b.Helper()
	firms.Lock()
	lf := firms.loaded[d]
	if lf == nil {
		lf = &loadedFirm{}
		firms.loaded[d] = lf
	}
	firms.Unlock()
	lf.once.Do(func() { lf.f, lf.err = build(d, clients()) })
	if lf.err != nil {
		b.Fatal(lf.err)
	}
	return lf.f
}

// loadFirm writes the synthetic firm of n clients into a freshly migrated store and says how
// long it took (the figure docs/performance.md reports).
func loadFirm(ctx context.Context, db *store.DB, n int) error {
	started := time.Now()
	sum, err := firmdata.Load(ctx, db, firmdata.Synthetic(n, 2026, today), firmdata.LoadOptions{HashCost: 4, Now: today})
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bench: loaded %d clients, %d transactions into %s in %s\n", sum.Clients, sum.Transactions, db.Dialect, time.Since(started).Round(time.Second))
	return nil
}

// openSQLite is the cached SQLite store of n clients in the temp directory, loaded on first use.
func openSQLite(ctx context.Context, n int) (*store.DB, error) {
	// The temp directory is shared by every checkout on the machine: the name carries the
	// schema version too, so a branch with a newer migration never hands this one its store.
	schema, err := store.NewestMigration(store.SQLite)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(os.TempDir(), fmt.Sprintf("portal-bench-v%d-schema%d-%d.db", benchDataVersion, schema, n))
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
		if err := loadFirm(ctx, db, n); err != nil {
			return nil, err
		}
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
	return db, nil
}

func build(d store.Dialect, n int) (*firm, error) {
	ctx := context.Background()
	var db *store.DB
	var err error
	if d == store.SQLite {
		db, err = openSQLite(ctx, n)
	} else {
		// PostgreSQL is loaded afresh in every run (its cluster is thrown away afterwards), into
		// a database of this binary's own that testdb drops at the end.
		db, err = testdb.Shared(ctx, d, fmt.Sprintf("bench-v%d-%d", benchDataVersion, n), func(ctx context.Context, db *store.DB) error {
			if err := loadFirm(ctx, db, n); err != nil {
				return err
			}
			_, err := db.ExecContext(ctx, `ANALYZE`)
			return err
		})
	}
	if err != nil {
		return nil, err
	}
	gin.SetMode(gin.ReleaseMode)
	limiter, err := ratelimit.New(db, ratelimit.Options{Secret: []byte("bench-secret-of-32-bytes-length!")})
	if err != nil {
		return nil, err
	}
	engine, err := app.NewPlatformEngine(db, notify.Unconfigured{}, func() time.Time { return today.Add(18 * time.Hour) }, rand.Reader, 4, "bench", limiter, []byte("bench-code-secret-of-32-bytes!!!"), slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, err
	}
	f := &firm{db: db, engine: engine}
	// adviser1's busiest client: the account with the most transactions (the same account on
	// both dialects: the loader assigns the ids).
	err = db.QueryRowContext(ctx, `SELECT e.id, t.account_id, e.last_name FROM txn t
		JOIN account a ON a.id = t.account_id
		JOIN portfolio p ON p.id = a.portfolio_id
		JOIN entity e ON e.id = p.entity_id
		JOIN app_user u ON u.entity_id = e.adviser_entity_id AND u.username = 'adviser1@client'
		GROUP BY t.account_id, e.id, e.last_name ORDER BY COUNT(*) DESC, t.account_id LIMIT 1`).Scan(&f.clientEntity, &f.accountID, &f.surname)
	if err != nil {
		return nil, fmt.Errorf("pick a client: %w", err)
	}
	if err := db.QueryRowContext(ctx, db.Rebind(`SELECT active_date FROM account WHERE id = ?`), f.accountID).Scan(&f.inception); err != nil {
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
	eachFirm(b, func(b *testing.B, f *firm) {
		q := url.Values{"entityid": {strconv.FormatInt(f.clientEntity, 10)}, "start_date": {day(today.AddDate(-1, 0, 0))},
			"end_date": {day(today)}, "grouping": {"portfolio,account"}, "include_twrr": {"1"}, "include_irr": {"1"}}
		target := "/resourceful/portfolio/profit_analysis/detail?" + q.Encode()
		for b.Loop() {
			f.get(b, target)
		}
	})
}

// BenchmarkTimeSeries: an account's whole TWRR series (up to five years), asked for daily.
func BenchmarkTimeSeries(b *testing.B) {
	eachFirm(b, func(b *testing.B, f *firm) {
		q := url.Values{"start_date": {f.inception}, "end_date": {day(today)}, "frequency": {"1"}}
		target := fmt.Sprintf("/resourceful/portfolio/account/%d/profit_analysis/historic_time_series_twrr?%s", f.accountID, q.Encode())
		for b.Loop() {
			f.get(b, target)
		}
	})
}

// BenchmarkClientListSearch: the adviser's client list, first page of a surname search.
func BenchmarkClientListSearch(b *testing.B) {
	eachFirm(b, func(b *testing.B, f *firm) {
		target := "/resourceful/entity/client-v3?" + url.Values{"quicksearch": {f.surname}, "page_size": {"20"}}.Encode()
		for b.Loop() {
			f.get(b, target)
		}
	})
}

// BenchmarkTransactionsPage: the first page of 50 of an account's transactions, newest first.
func BenchmarkTransactionsPage(b *testing.B) {
	eachFirm(b, func(b *testing.B, f *firm) {
		q := url.Values{"accountid": {strconv.FormatInt(f.accountID, 10)}, "start_date": {"1900-01-01"}, "page_size": {"50"}, "sort_type": {"1"}}
		target := "/resourceful/portfolio/transaction?" + q.Encode()
		for b.Loop() {
			f.get(b, target)
		}
	})
}
