package portfolio

import (
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// Amount is a money figure in a currency, or the reason it cannot be shown: calc.NotAvailable
// (no book cost, spec 2 §5) or calc.ErrConversionRateUnavailable's text (no FX rate,
// spec 2 §8). On the wire an unavailable figure is that text in place of the typed value.
type Amount struct {
	Value       float64
	Currency    string
	Unavailable string
}

// OK reports whether the figure can be shown.
func (a Amount) OK() bool { return a.Unavailable == "" }

// wire is the typed Currency value rounded to places, or the reason text.
func (a Amount) wire(places int) any {
	if !a.OK() {
		return a.Unavailable
	}
	return resourceful.Currency(a.Currency, calc.Round(a.Value, places), places)
}

// Percent is percentage points, or the reason they cannot be shown.
type Percent struct {
	Value       float64
	Unavailable string
}

func (p Percent) wire() any {
	if p.Unavailable != "" {
		return p.Unavailable
	}
	return resourceful.BigDecimal(calc.RoundPercent(p.Value), calc.PercentDecimals)
}

// Valuation is a holding's figures in its native currency (the security's), the account's
// plan currency and the account's base currency.
type Valuation struct {
	NativePrice, PlanPrice                Amount
	NativeValue, PlanValue, Value         Amount
	NativeCost, PlanCost, Cost            Amount
	NativeGain, PlanGain, Gain            Amount
	AnnualIncome                          Amount
	PercentGainLoss, PercentYield         Percent
	NativeCurrency, PlanCurrency, BaseCcy string
}

// conversionUnavailable is the text of a figure that needs a missing FX rate (spec 2 §8).
var conversionUnavailable = calc.ErrConversionRateUnavailable.Error()

// ValueHolding works out a holding's figures as at asOf. Values are converted at the latest
// rate on or before asOf. Book cost is historic: it is shown in another currency only when
// the conversion needs no published rate (the same currency, or GBP and GBX); otherwise it is
// "Not available", as is a zero cost (calc.BookCost). Unrealised gain follows its cost.
func ValueHolding(h Holding, planCurrency, baseCurrency string, rates *calc.RateTable, asOf time.Time) Valuation {
	native := h.Security.Currency
	plan, base := strings.ToUpper(planCurrency), strings.ToUpper(baseCurrency)
	v := Valuation{NativeCurrency: native, PlanCurrency: plan, BaseCcy: base}

	if !h.Priced() {
		return unpriced(v)
	}
	nativeValue := h.NativeValue()
	v.NativePrice = Amount{Value: h.Price, Currency: native}
	v.PlanPrice = convert(rates, h.Price, native, plan, asOf)
	v.NativeValue = Amount{Value: nativeValue, Currency: native}
	v.PlanValue = convert(rates, nativeValue, native, plan, asOf)
	v.Value = convert(rates, nativeValue, native, base, asOf)

	v.NativeCost, v.NativeGain = costAndGain(h.Cost, v.NativeValue, native, native, asOf)
	v.PlanCost, v.PlanGain = costAndGain(h.Cost, v.PlanValue, native, plan, asOf)
	v.Cost, v.Gain = costAndGain(h.Cost, v.Value, native, base, asOf)

	if pct, ok := calc.PercentGainLoss(nativeValue, h.Cost); ok {
		v.PercentGainLoss = Percent{Value: pct}
	} else {
		v.PercentGainLoss = Percent{Unavailable: calc.NotAvailable}
	}
	income := h.Volume * h.Security.AnnualIncomePerUnit
	v.AnnualIncome = Amount{Value: income, Currency: native}
	if pct, ok := calc.PercentYield(income, nativeValue); ok {
		v.PercentYield = Percent{Value: pct}
	} else {
		v.PercentYield = Percent{Unavailable: calc.NotAvailable}
	}
	return v
}

// unpriced is the valuation of a holding with no price at all: every figure but the units is
// "Not available".
func unpriced(v Valuation) Valuation {
	na := func(cur string) Amount { return Amount{Currency: cur, Unavailable: calc.NotAvailable} }
	v.NativePrice, v.PlanPrice = na(v.NativeCurrency), na(v.PlanCurrency)
	v.NativeValue, v.PlanValue, v.Value = na(v.NativeCurrency), na(v.PlanCurrency), na(v.BaseCcy)
	v.NativeCost, v.PlanCost, v.Cost = na(v.NativeCurrency), na(v.PlanCurrency), na(v.BaseCcy)
	v.NativeGain, v.PlanGain, v.Gain = na(v.NativeCurrency), na(v.PlanCurrency), na(v.BaseCcy)
	v.AnnualIncome = na(v.NativeCurrency)
	v.PercentGainLoss, v.PercentYield = Percent{Unavailable: calc.NotAvailable}, Percent{Unavailable: calc.NotAvailable}
	return v
}

func convert(rates *calc.RateTable, amount float64, from, to string, asOf time.Time) Amount {
	x, err := rates.Convert(amount, from, to, asOf)
	if err != nil {
		return Amount{Currency: to, Unavailable: conversionUnavailable}
	}
	return Amount{Value: x, Currency: to}
}

// costAndGain is the book cost and unrealised gain in currency to, given the value there.
func costAndGain(nativeCost float64, value Amount, native, to string, asOf time.Time) (Amount, Amount) {
	cost, fixedErr := fixedRates.Convert(nativeCost, native, to, asOf)
	historic := fixedErr != nil // only a published rate could restate it, and that rate has moved since
	bc, ok := calc.BookCost(cost, historic)
	if !ok {
		return Amount{Currency: to, Unavailable: calc.NotAvailable}, Amount{Currency: to, Unavailable: calc.NotAvailable}
	}
	if !value.OK() {
		return Amount{Value: bc, Currency: to}, value
	}
	gain, _ := calc.UnrealisedGain(value.Value, bc, historic)
	return Amount{Value: bc, Currency: to}, Amount{Value: gain, Currency: to}
}

// Weights are the holdings' shares of their account's value, whole percentages that add up
// to 100 per account (calc.Shares, the one place spec 2 §4's share rules live). A holding
// whose value cannot be worked out (no FX rate, no price) has no weight (ok false) and is left
// out of its account's total.
func Weights(hs []Holding, vals []Valuation) (weights []int, ok []bool) {
	weights, ok = make([]int, len(hs)), make([]bool, len(hs))
	byAccount := map[int64][]int{}
	var order []int64
	for i, h := range hs {
		if !vals[i].Value.OK() {
			continue
		}
		if _, seen := byAccount[h.AccountID]; !seen {
			order = append(order, h.AccountID)
		}
		byAccount[h.AccountID] = append(byAccount[h.AccountID], i)
	}
	for _, acct := range order {
		idx := byAccount[acct]
		values := make([]float64, len(idx))
		for j, i := range idx {
			values[j] = vals[i].Value.Value
		}
		for j, share := range calc.Shares(values) {
			weights[idx[j]], ok[idx[j]] = share.Percent, true
		}
	}
	return weights, ok
}
