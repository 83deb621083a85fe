package demo

import (
	"context"
	"database/sql"
	"math"
	"reflect"
	"testing"

	"wealthportal/backend/internal/assets"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// rebinding runs the assets package's SQL with its ? placeholders rebound for db's dialect.
type rebinding struct{ db *store.DB }

func (r rebinding) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return r.db.QueryRowContext(ctx, r.db.Rebind(q), args...)
}

func (r rebinding) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return r.db.QueryContext(ctx, r.db.Rebind(q), args...)
}

// managedOf is a demo client's managed records per list (spec 3 §5's filters, the managed view)
// with their totals, as the platform's asset calls work them out.
func managedOf(t *testing.T, db *store.DB, external string) (map[string][]string, map[string]float64) {
	t.Helper()
	ctx := context.Background()
	var id int64
	if err := db.QueryRowContext(ctx, db.Rebind(`SELECT id FROM entity WHERE external_id = ?`), external).Scan(&id); err != nil {
		t.Fatal(err)
	}
	names, totals := map[string][]string{}, map[string]float64{}
	for _, list := range assets.Lists {
		rows, err := assets.LoadList(ctx, rebinding{db}, id, list)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if assets.Visible(r.Record()) && assets.Shown(r.Record(), "GB") && assets.InView(r.Record(), assets.ViewManaged) {
				names[list] = append(names[list], r.Description)
				totals[list] = math.Round((totals[list]+r.Amount)*100) / 100
			}
		}
	}
	return names, totals
}

// demo.assets (Priya Raman) has managed records in every list, and records each filter drops:
// the Surrendered bond, the SIPP wrapper, the Redeemed loan; the not-managed ones stay out of
// the managed view. Totals by hand:
//
//	Investments  Prudential bond 42,615.80 + Royal London bond 18,250.40 = 60,866.20
//	Pensions     USS workplace pension                                  = 96,430.55
//	Annuities    Canada Life fixed-term annuity                         = 12,000.00
//	Liabilities  buy-to-let mortgage                                    = 148,500.00
func TestDemoAssetsManaged(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		names, totals := managedOf(t, db, priyaID)
		wantNames := map[string][]string{
			"asset":     {"Prudential Onshore Investment Bond", "Royal London Investment Bond"},
			"fund_za":   {"USS workplace pension"},
			"annuity":   {"Canada Life fixed-term annuity"},
			"liability": {"Buy-to-let mortgage, 3 Iffley Road"},
		}
		if !reflect.DeepEqual(names, wantNames) {
			t.Errorf("managed records:\n got %v\nwant %v", names, wantNames)
		}
		if want := map[string]float64{"asset": 60866.20, "fund_za": 96430.55, "annuity": 12000, "liability": 148500}; !reflect.DeepEqual(totals, want) {
			t.Errorf("managed totals %v, want %v", totals, want)
		}
		// demo.client and her husband: the joint flat 60/40 and mortgage 50/50 are in both lists.
		var shares []float64
		rows, err := db.Query(`SELECT o.percentage FROM client_asset_owner o JOIN client_asset a ON a.id = o.asset_id
			WHERE a.description LIKE 'Buy-to-let flat, 7 Cathedral Walk%' ORDER BY o.percentage DESC`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var p float64
			if err := rows.Scan(&p); err != nil {
				t.Fatal(err)
			}
			shares = append(shares, p)
		}
		if !reflect.DeepEqual(shares, []float64{60, 40}) {
			t.Errorf("joint flat shares %v, want [60 40]", shares)
		}
		names, _ = managedOf(t, db, jamesID)
		if want := []string{"Mortgage, 14 Royal York Crescent"}; !reflect.DeepEqual(names["liability"], want) {
			t.Errorf("James's managed liabilities %v, want %v", names["liability"], want)
		}
	})
}

// A store seeded before the asset tables existed gets the demo's assets at the next start, once.
func TestSeedAssetsIntoAnOlderSeed(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		count := func() int {
			var n int
			if err := db.QueryRow(`SELECT COUNT(*) FROM client_asset`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		want := count()
		if want != len(demoAssets)+len(demoAssetsAU) {
			t.Fatalf("%d records seeded, want %d", want, len(demoAssets)+len(demoAssetsAU))
		}
		testdb.MustExec(t, db, `DELETE FROM client_asset`)
		testdb.MustExec(t, db, `DELETE FROM meta WHERE key IN (?, ?)`, assetsKey, assetsAUKey)
		for range 2 {
			if _, err := Seed(context.Background(), db, 4, seedTime); err != nil {
				t.Fatal(err)
			}
		}
		if got := count(); got != want {
			t.Errorf("%d records after reseeding twice, want %d", got, want)
		}
	})
}

// demo.client (Eleanor Whitfield) also holds a property abroad, in euros and not under advice,
// so her balance sheet is in multi-currency mode (spec 2 §2.5): it is in her Non-managed and
// Everything views only, and converts to pounds at the demo's EUR rate (not "Conversion rate
// unavailable").
func TestDemoOverseasAssetIsNonManagedInEuros(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var id int64
		if err := db.QueryRowContext(ctx, db.Rebind(`SELECT id FROM entity WHERE external_id = ?`), eleanorID).Scan(&id); err != nil {
			t.Fatal(err)
		}
		rows, err := assets.LoadList(ctx, rebinding{db}, id, assets.ListAsset)
		if err != nil {
			t.Fatal(err)
		}
		var found *assets.Row
		for i, r := range rows {
			if r.Currency != "GBP" {
				found = &rows[i]
			}
		}
		if found == nil {
			t.Fatal("no asset in another currency than GBP")
		}
		rec := found.Record()
		if found.Currency != "EUR" || !assets.Shown(rec, "GB") || assets.InView(rec, assets.ViewManaged) || !assets.InView(rec, assets.ViewNonManaged) {
			t.Errorf("overseas asset %q in %s: shown %v, managed %v", found.Description, found.Currency, assets.Shown(rec, "GB"), assets.InView(rec, assets.ViewManaged))
		}
		var rates int
		if err := db.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM fx_rate WHERE (base_currency = 'GBP' AND quote_currency = 'EUR') OR (base_currency = 'EUR' AND quote_currency = 'GBP')`)).Scan(&rates); err != nil {
			t.Fatal(err)
		}
		if rates == 0 {
			t.Error("no GBP/EUR rate to convert it with")
		}
	})
}
