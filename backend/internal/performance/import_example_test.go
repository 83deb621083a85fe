package performance

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"math"
	"net/http"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/firmdata"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/portfolio"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/platformtest"
	"wealthportal/backend/internal/testkit/testdb"
)

// The import format's own example (docs/import-format.md, firmdata/testdata/small-firm.json)
// has a US dollar account that receives 50 TQUS in specie on 10 January 2025 and a deposit of
// 1,000 to the cash security CASH.USD on the 13th. In dollars (hand-worked, as in
// testdata/returns.json):
//
//	10 Jan  50 × 44.80 = 2,240 (start value)
//	13 Jan  50 × 45.10 + 1,000 cash = 3,255; r = 3,255/(2,240 + 1,000) − 1
//	17 Jan  50 × 45.62 + 1,000 cash = 3,281; r = 3,281/3,255 − 1
//	TWRR    3,281/3,240 − 1 = 1.27%
//
// Before the ledger held a deposit to a cash security as cash, the 1,000 was a contribution that
// never reached the valuation: the account showed 2,281 and about −43%, and the positions
// (which did hold the cash) disagreed with the profit analysis.
func TestImportExampleCashSecurityDeposit(t *testing.T) {
	gin.SetMode(gin.TestMode)
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		firm, err := firmdata.ParseFile(filepath.Join("..", "firmdata", "testdata", "small-firm.json"))
		if err != nil {
			t.Fatal(err)
		}
		now := time.Date(2025, 1, 20, 10, 0, 0, 0, time.UTC)
		if _, err := firmdata.Load(ctx, db, firm, firmdata.LoadOptions{HashCost: 4, Now: now}); err != nil {
			t.Fatal(err)
		}
		clock := func() time.Time { return now }
		svc, err := auth.NewService(auth.SQLStore{DB: db}, platformtest.NoSender{}, clock, rand.Reader, 4)
		if err != nil {
			t.Fatal(err)
		}
		env := &testEnv{db: db, now: now, engine: platform.NewEngine(svc, db, []platform.Module{portfolio.New(db, clock), New(db, clock)})}
		env.sessions = platformtest.NewSessions(env.engine, "RuthTamar#2026", "performance-test")
		var account int64
		if err := db.QueryRowContext(ctx, `SELECT id FROM account WHERE description = 'US Dollar Account'`).Scan(&account); err != nil {
			t.Fatal(err)
		}
		id := strconv.FormatInt(account, 10)
		env.sessions.Keep("ruth", env.sessions.Login(t, "ruth@client"))

		ans := env.getJSON(t, "ruth", "portfolio/profit_analysis/detail", q("accountid", id,
			"start_date", "2025-01-10", "end_date", "2025-01-17", "report_currency", "USD"))
		total := obj(t, ans["total"])
		for k, want := range map[string]string{"value_start": "2240.00", "value": "3281.00", "contributions": "1000.00",
			"movement": "41.00", "twrr": "1.27"} {
			if got := typedVal(t, total[k]); got != want {
				t.Errorf("%s = %s, want %s", k, got, want)
			}
		}

		// The positions on the last day hold the same 3,281 dollars (plan currency USD).
		rec := env.get(t, "ruth", "portfolio/position", q("accountid", id, "as_at_date", "2025-01-17"))
		var positions []map[string]any
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &positions) != nil {
			t.Fatalf("positions: %d %s", rec.Code, rec.Body.String())
		}
		held := 0.0
		for _, p := range positions {
			v, err := strconv.ParseFloat(typedVal(t, p["plan_currency_value"]), 64)
			if err != nil {
				t.Fatal(err)
			}
			held += v
		}
		if math.Abs(held-3281) > 0.005 {
			t.Fatalf("positions add up to %.2f, profit analysis says 3281.00", held)
		}
	})
}

// loginAs signs in with a username and password of the loaded firm and returns the session
// cookie (login uses the fixture's password).
