package demo

import (
	"context"
	"math"
	"reflect"
	"testing"

	"wealthportal/backend/internal/assets"
	"wealthportal/backend/internal/store"
)

// viewOf is a client's records per list in a view of the wealth toggle, after spec 3 §5's
// filters for region, with their totals, as the platform's asset calls work them out.
func viewOf(t *testing.T, db *store.DB, external, region, view string) (map[string][]string, map[string]float64) {
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
			if assets.Visible(r.Record()) && assets.Shown(r.Record(), region) && assets.InView(r.Record(), view) {
				names[list] = append(names[list], r.Description)
				totals[list] = math.Round((totals[list]+r.Amount)*100) / 100
			}
		}
	}
	return names, totals
}

// Catherine Sinclair, an Australian client of Oliver Bennett's book, has assets in Australian
// dollars, in her region (AU) and locale (en-au); the AU filters leave out her Active
// account-based pension (Active is a GB pension status) and her Matured term deposit. Totals by
// hand as in demoAssetsAU's comment.
func TestDemoAustralianClientHasAssets(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		var first, last, region, locale, currency string
		if err := db.QueryRow(db.Rebind(`SELECT first_name, last_name, region, locale, preferred_currency FROM entity WHERE external_id = ?`), catherineID).
			Scan(&first, &last, &region, &locale, &currency); err != nil {
			t.Fatal(err)
		}
		if got := []string{first, last, region, locale, currency}; !reflect.DeepEqual(got, []string{"Catherine", "Sinclair", "AU", "en-au", "AUD"}) {
			t.Fatalf("the Australian demo client is %v", got)
		}
		names, totals := viewOf(t, db, catherineID, "AU", assets.ViewManaged)
		wantNames := map[string][]string{
			"asset":     {"Macquarie Wrap investment account"},
			"fund_za":   {"AustralianSuper Balanced option"},
			"annuity":   {"Challenger lifetime annuity"},
			"liability": {"Investment loan, 22 Eric Street"},
		}
		if !reflect.DeepEqual(names, wantNames) {
			t.Errorf("managed records:\n got %v\nwant %v", names, wantNames)
		}
		if want := map[string]float64{"asset": 126480.35, "fund_za": 412830.60, "annuity": 150000, "liability": 612500}; !reflect.DeepEqual(totals, want) {
			t.Errorf("managed totals %v, want %v", totals, want)
		}
		names, totals = viewOf(t, db, catherineID, "AU", assets.ViewEverything)
		if want := []string{"AustralianSuper Balanced option", "Hostplus Indexed Balanced"}; !reflect.DeepEqual(names["fund_za"], want) {
			t.Errorf("pensions %v, want %v (no Active pension in AU)", names["fund_za"], want)
		}
		if want := map[string]float64{"asset": 1661092.75, "fund_za": 451045.35, "annuity": 150000, "liability": 616818.22}; !reflect.DeepEqual(totals, want) {
			t.Errorf("totals of everything %v, want %v", totals, want)
		}
		var currencies int
		if err := db.QueryRow(db.Rebind(`SELECT COUNT(DISTINCT a.currency) FROM client_asset a JOIN entity e ON e.id = a.entity_id WHERE e.external_id = ? AND a.currency = 'AUD'`), catherineID).Scan(&currencies); err != nil || currencies != 1 {
			t.Errorf("her records are in AUD: %d %v", currencies, err)
		}
	})
}
