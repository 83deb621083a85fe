package demo

import (
	"context"
	"math"
	"testing"

	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/store"
)

// Eleanor's SIPP holds the Harbour Global Equity Fund in two parts (spec 2 §3 split_index): the
// units bought by the switch from CLGSA in February 2025 are kept apart from the rest, so the
// Investments tab has sub-positions to show. No other holding of hers is split, and the parts
// add up to what the account holds of the fund.
func TestSeedSplitsEleanorsSIPPHolding(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		var sipp int64
		if err := db.QueryRow(`SELECT a.id FROM account a JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id
			JOIN app_user u ON u.entity_id = pp.entity_id
			WHERE u.username = 'demo.client' AND a.description = 'Self-Invested Personal Pension'`).Scan(&sipp); err != nil {
			t.Fatal(err)
		}
		var mine []int64
		rows, err := db.Query(`SELECT a.id FROM account a JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id
			JOIN app_user u ON u.entity_id = pp.entity_id WHERE u.username = 'demo.client'`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			mine = append(mine, id)
		}
		rows.Close()
		positions, _, err := ledger.NewReader(db, db.Rebind).PositionsAt(context.Background(), mine, seedTime)
		if err != nil {
			t.Fatal(err)
		}
		var parts []ledger.Position
		for _, p := range positions {
			if p.Split > 0 {
				parts = append(parts, p)
			}
		}
		if len(parts) != 2 || parts[0].AccountID != sipp || parts[0].Security.Code != "HVGEA" || parts[1].Security.Code != "HVGEA" ||
			parts[0].Split != 1 || parts[0].Part != "" || parts[1].Split != 2 || parts[1].Part != "Switch from CLGSA, February 2025" {
			t.Fatalf("split positions %+v, want HVGEA in the SIPP as the main part and the switch's part", parts)
		}
		var held, switched float64
		if err := db.QueryRow(db.Rebind(`SELECT
			COALESCE(SUM(CASE WHEN kind = 'buy' THEN volume ELSE -volume END), 0),
			COALESCE(SUM(CASE WHEN sub_position <> '' THEN (CASE WHEN kind = 'buy' THEN volume ELSE -volume END) ELSE 0 END), 0)
			FROM txn WHERE account_id = ? AND security_id = (SELECT id FROM security WHERE code = 'HVGEA') AND kind IN ('buy', 'sell')`), sipp).Scan(&held, &switched); err != nil {
			t.Fatal(err)
		}
		if math.Abs(parts[0].Volume+parts[1].Volume-held) > 1e-6 || math.Abs(parts[1].Volume-switched) > 1e-6 || switched <= 0 {
			t.Errorf("parts %v + %v units, want %v held of which %v switched", parts[0].Volume, parts[1].Volume, held, switched)
		}
	})
}
