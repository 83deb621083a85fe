package portfolio

import (
	"testing"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
)

var (
	acme   = ledger.Security{ID: 1, Code: "ACME", Description: "Acme", Currency: "GBP", AssetClassCode: "Equity"}
	vod    = ledger.Security{ID: 6, Code: "VOD", Description: "Vodafone", Currency: "GBX", AssetClassCode: "Equity"}
	usfund = ledger.Security{ID: 2, Code: "USFUND", Description: "US fund", Currency: "USD", AssetClassCode: "Equity"}
)

func day(d int) time.Time { return calc.Date(2026, 10, d) }

func TestValueHoldingNotAvailableRules(t *testing.T) {
	rates, err := calc.NewRateTable([]calc.Rate{{From: "GBP", To: "USD", Date: day(1), Rate: 1.25}})
	if err != nil {
		t.Fatal(err)
	}
	asOf := day(20)
	priced := func(s ledger.Security, volume, cost, price float64) Holding {
		return Holding{Security: s, Volume: volume, Cost: cost, Price: price, PriceDate: asOf}
	}
	for _, tc := range []struct {
		name               string
		h                  Holding
		plan, base         string
		nativeCost, cost   any
		value, gain, pct   any
		planValue, planGai any
	}{
		{"same currency", priced(acme, 120, 1280, 14), "GBP", "GBP", "GBP 1280.00", "GBP 1280.00", "GBP 1680.00", "GBP 400.00", "31.25", "GBP 1680.00", "GBP 400.00"},
		{"historic cost is not restated at today's rate", priced(usfund, 10, 1005, 110), "USD", "GBP", "USD 1005.00", calc.NotAvailable, "GBP 880.00", calc.NotAvailable, "9.45", "USD 1100.00", "USD 95.00"},
		{"pence restate into pounds without a rate", priced(vod, 1000, 70000, 75), "GBP", "GBP", "GBX 70000.00", "GBP 700.00", "GBP 750.00", "GBP 50.00", "7.14", "GBP 750.00", "GBP 50.00"},
		{"a zero cost is not available", priced(acme, 10, 0, 14), "GBP", "GBP", calc.NotAvailable, calc.NotAvailable, "GBP 140.00", calc.NotAvailable, calc.NotAvailable, "GBP 140.00", calc.NotAvailable},
		{"a missing rate", priced(ledger.Security{Code: "JP", Currency: "JPY"}, 100, 190000, 2000), "GBP", "GBP", "JPY 190000.00", calc.NotAvailable, "Conversion rate unavailable", calc.NotAvailable, "5.26", "Conversion rate unavailable", calc.NotAvailable},
		{"no price at all", Holding{Security: acme, Volume: 10, Cost: 100}, "GBP", "GBP", calc.NotAvailable, calc.NotAvailable, calc.NotAvailable, calc.NotAvailable, calc.NotAvailable, calc.NotAvailable, calc.NotAvailable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := ValueHolding(tc.h, tc.plan, tc.base, rates, asOf)
			got := []any{show(v.NativeCost), show(v.Cost), show(v.Value), show(v.Gain), showPct(v.PercentGainLoss), show(v.PlanValue), show(v.PlanGain)}
			want := []any{tc.nativeCost, tc.cost, tc.value, tc.gain, tc.pct, tc.planValue, tc.planGai}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("figure %d: %v, want %v (all %v)", i, got[i], want[i], got)
				}
			}
		})
	}
}

func show(a Amount) any {
	w := a.wire(calc.MoneyDecimals)
	if s, ok := w.(string); ok {
		return s
	}
	inner := w.(map[string]any)["_val"].(map[string]any)
	return inner["code"].(string) + " " + inner["value"].(map[string]any)["_val"].(string)
}

func showPct(p Percent) any {
	w := p.wire()
	if s, ok := w.(string); ok {
		return s
	}
	return w.(map[string]any)["_val"]
}

func TestWeightsPerAccountSumTo100(t *testing.T) {
	hs := []Holding{{AccountID: 1}, {AccountID: 1}, {AccountID: 2}, {AccountID: 2}, {AccountID: 2}}
	vals := []Valuation{
		{Value: Amount{Value: 1680}}, {Value: Amount{Value: 3810}},
		{Value: Amount{Value: 1}}, {Value: Amount{Unavailable: "Conversion rate unavailable"}}, {Value: Amount{Value: 2}},
	}
	weights, ok := Weights(hs, vals)
	want, wantOK := []int{31, 69, 33, 0, 67}, []bool{true, true, true, false, true}
	for i := range want {
		if weights[i] != want[i] || ok[i] != wantOK[i] {
			t.Errorf("weights %v %v, want %v %v", weights, ok, want, wantOK)
			break
		}
	}
}
