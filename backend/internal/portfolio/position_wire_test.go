package portfolio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
)

// A position written as a struct (positionRowOf) is the same JSON, byte for byte, as the map the
// answer was built from before (positionItemMap below, kept here as the reference), whatever the
// position holds: a listed security or synthetic cash, a previous close or none, prices and
// dates or none, figures unavailable (no book cost, no FX rate), look-through maps, text that
// JSON escapes. Through the field selection too (asMaps, then resourceful.Select).
func TestPositionRowWritesTheMapsJSON(t *testing.T) {
	day := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	listed := ledger.Security{ID: 42, Code: "VOD.L", Exchange: "LSE", ISIN: "GB00BH4HKS39", Description: "Vodafone <Group> & Co",
		Currency: "GBX", AssetClassCode: "equity", SectorName: "Telecoms",
		AssetClassAllocation: map[string]float64{"equity": 99.999, "cash": 0.001},
		RegionalAllocation:   map[string]float64{"UK": 80.123456, "Europe": 19.876544}}
	money := func(v float64, ccy string) Amount { return Amount{Value: v, Currency: ccy} }
	full := Valuation{
		NativePrice: money(72.123456789, "GBX"), PlanPrice: money(0.72123456789, "GBP"),
		NativeValue: money(7212.3456, "GBX"), PlanValue: money(72.123456, "GBP"), Value: money(72.125, "GBP"),
		NativeCost: money(6000, "GBX"), PlanCost: money(60, "GBP"), Cost: money(60.004999, "GBP"),
		NativeGain: money(1212.3456, "GBX"), PlanGain: money(12.123456, "GBP"), Gain: money(-12.5, "GBP"),
		AnnualIncome:    money(3.335, "GBP"),
		PercentGainLoss: Percent{Value: 20.20575}, PercentYield: Percent{Value: 4.6245},
		NativeCurrency: "GBX", PlanCurrency: "GBP", BaseCcy: "GBP",
	}
	unavailable := full
	unavailable.Cost = Amount{Unavailable: calc.NotAvailable}
	unavailable.PlanValue = Amount{Unavailable: conversionUnavailable}
	unavailable.PercentGainLoss = Percent{Unavailable: calc.NotAvailable}
	unavailable.PlanPrice = Amount{Unavailable: conversionUnavailable}
	cases := []struct {
		name string
		h    Holding
		v    Valuation
	}{
		{"listed, priced, previous close", Holding{AccountID: 7, Security: listed, Volume: 100.123456789, PriceDate: day, PrevClose: 71.5, PrevCloseDate: day.AddDate(0, 0, -1), LastTransactionDate: day.AddDate(0, -2, 0)}, full},
		{"figures unavailable, no dates", Holding{AccountID: 7, Security: listed, Volume: 3}, unavailable},
		{"synthetic cash", Holding{AccountID: 9, Security: ledger.SyntheticCash("usd"), Volume: -250.5, PriceDate: day}, full},
		{"second part of a split holding", Holding{AccountID: 7, Security: listed, Part: "lot-2", Split: 2, Volume: 40, PriceDate: day}, full},
	}
	for _, tc := range cases {
		for _, priceType := range []string{PriceClose, PriceLive} {
			row := positionRowOf(tc.h, tc.v, priceType)
			row.RowID, row.Weight = 3, decimalOf(12, 0)
			want := positionItemMap(tc.h, tc.v, priceType)
			want["row_id"], want["weight"] = 3, resourceful.BigDecimal(12, 0)
			got, err := json.Marshal(row)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := json.Marshal(want)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, ref) {
				t.Errorf("%s, %s:\nstruct %s\nmap    %s", tc.name, priceType, got, ref)
			}
			maps, err := asMaps([]positionRow{row})
			if err != nil {
				t.Fatal(err)
			}
			fields := []string{"position_id", "split_index", "value", "security.price_updated", "weight", "accountid"}
			gotSel, _ := json.Marshal(resourceful.Select(maps[0], fields))
			refSel, _ := json.Marshal(resourceful.Select(want, fields))
			if !bytes.Equal(gotSel, refSel) {
				t.Errorf("%s, %s, fields:\nstruct %s\nmap    %s", tc.name, priceType, gotSel, refSel)
			}
		}
	}
}

// positionItemMap is how a position was written before positionRow (the reference).

func positionItemMap(h Holding, v Valuation, priceType string) map[string]any {
	s := h.Security
	var securityID any
	positionID := fmt.Sprintf("%d-%d", h.AccountID, s.ID)
	if s.ID != 0 {
		securityID = s.ID
	} else {
		positionID = fmt.Sprintf("%d-%s", h.AccountID, s.Code)
	}
	// Spec 2 §3 split_index: null on a whole holding, 0, 1, … on the parts of a split one.
	splitIndex := any(nil)
	if h.Split > 0 {
		splitIndex = h.Split - 1
		positionID = fmt.Sprintf("%s-%d", positionID, h.Split-1)
	}
	priceDate := dateOrNil(h.PriceDate)
	price := v.NativePrice.wire(priceDecimals)
	prevClose := any(nil)
	if !h.PrevCloseDate.IsZero() {
		prevClose = Amount{Value: h.PrevClose, Currency: s.Currency}.wire(priceDecimals)
	}
	return map[string]any{
		"position_id":                   positionID,
		"split_index":                   splitIndex,
		"accountid":                     h.AccountID,
		"security_id":                   securityID,
		"description":                   s.Description,
		"code":                          s.Code,
		"is_cash":                       s.IsCash(),
		"volume":                        resourceful.BigDecimal(calc.Round(h.Volume, calc.UnitsDecimals), calc.UnitsDecimals),
		"price_type":                    priceType,
		"native_marketprice":            price,
		"last_price":                    price,
		"prev_close_price":              prevClose,
		"plan_currency_marketprice":     v.PlanPrice.wire(priceDecimals),
		"native_currency":               v.NativeCurrency,
		"plan_currency":                 v.PlanCurrency,
		"base_currency":                 v.BaseCcy,
		"value":                         v.Value.wire(calc.MoneyDecimals),
		"native_value":                  v.NativeValue.wire(calc.MoneyDecimals),
		"plan_currency_value":           v.PlanValue.wire(calc.MoneyDecimals),
		"cost":                          v.Cost.wire(calc.MoneyDecimals),
		"native_cost":                   v.NativeCost.wire(calc.MoneyDecimals),
		"plan_currency_cost":            v.PlanCost.wire(calc.MoneyDecimals),
		"cost_base":                     v.NativeCost.wire(calc.MoneyDecimals),
		"unrealised_gain":               v.Gain.wire(calc.MoneyDecimals),
		"native_unrealised_gain":        v.NativeGain.wire(calc.MoneyDecimals),
		"plan_currency_unrealised_gain": v.PlanGain.wire(calc.MoneyDecimals),
		"percent_gain_loss":             v.PercentGainLoss.wire(),
		"annual_income":                 v.AnnualIncome.wire(calc.MoneyDecimals),
		"gross_annual_income":           v.AnnualIncome.wire(calc.MoneyDecimals),
		"percent_yield":                 v.PercentYield.wire(),
		"gross_percent_yield":           v.PercentYield.wire(),
		"asset_class_code":              s.AssetClassCode,
		"sector_name":                   s.SectorName,
		"regional_allocation":           percentMap(s.RegionalAllocation),
		"asset_class_allocation":        percentMap(s.AssetClassAllocation),
		"priceDate":                     priceDate,
		"lastTransactionDate":           dateOrNil(h.LastTransactionDate),
		"security": map[string]any{
			"security_id":   securityID,
			"code":          s.Code,
			"exchange":      s.Exchange,
			"isin":          s.ISIN,
			"description":   s.Description,
			"currency":      s.Currency,
			"price_updated": priceDate,
		},
	}
}

func dateOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return resourceful.Date(t)
}
