package ledger

import (
	"errors"
	"math"
	"testing"
	"time"

	"wealthportal/backend/internal/calc"
)

// date parses a test date.
func date(s string) time.Time {
	d, err := calc.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// The valuation rules, on hand-made inputs without a database (these cases were performance's
// valuation_test.go before valuation moved here). Days are 1–3 March 2024.
func TestValuationRules(t *testing.T) {
	d1, d2, d3 := date("2024-03-01"), date("2024-03-02"), date("2024-03-03")
	rates, err := calc.NewRateTable([]calc.Rate{{From: "GBP", To: "USD", Date: d1, Rate: 1.25}})
	if err != nil {
		t.Fatal(err)
	}
	market := Market{
		Securities: map[int64]Security{1: {ID: 1, Code: "S1", Currency: "GBP"}, 2: {ID: 2, Code: "S2", Currency: "GBX"}, 3: {ID: 3, Code: "S3", Currency: "GBP"}, 4: {ID: 4, Code: "S4", Currency: "EUR"}},
		Closes: map[int64][]Close{
			1: {{d1, 50}, {d3, 55}},
			2: {{d1, 250}},
			// security 3 has no closes at all; security 4 is priced in EUR, which has no rate
			4: {{d1, 10}},
		},
		Rates: rates,
	}
	deposit := func(d string, amount float64, ccy string) Txn {
		return Txn{AccountID: 1, Kind: KindDeposit, TradeDate: date(d), NetAmount: amount, Currency: ccy}
	}
	cases := []struct {
		name       string
		costs      Costs
		currency   string
		txns       []Txn
		wantValues []float64
		wantFlows  []float64 // days 2 and 3
		wantIncome float64
		wantTWRR   float64
		wantErr    error
	}{
		{
			// 1,000 in cash; a 10 fee on day 2. After fees: 990/1,000 − 1 = −1%.
			name: "fee after fees", costs: Costs{},
			txns:       []Txn{deposit("2024-03-01", 1000, "GBP"), {AccountID: 1, Kind: KindFee, TradeDate: d2, NetAmount: 10, Currency: "GBP"}},
			wantValues: []float64{1000, 990, 990}, wantFlows: []float64{0, 0}, wantTWRR: -0.01,
		},
		{
			// Before fees the fee is money taken out: (990 + 10)/1,000 − 1 = 0.
			name: "fee before fees", costs: Costs{AddBackFees: true, AddBackTaxes: true},
			txns:       []Txn{deposit("2024-03-01", 1000, "GBP"), {AccountID: 1, Kind: KindFee, TradeDate: d2, NetAmount: 10, Currency: "GBP"}},
			wantValues: []float64{1000, 990, 990}, wantFlows: []float64{-10, 0}, wantTWRR: 0,
		},
		{
			// A dividend of 100 with 20 withheld: 80 arrives. After taxes the return is
			// 1,080/1,000 − 1 = 8%; before taxes the 20 counts as taken out: 1,100/1,000 − 1 = 10%.
			name: "income after taxes", costs: Costs{},
			txns:       []Txn{deposit("2024-03-01", 1000, "GBP"), {AccountID: 1, Kind: KindIncome, TradeDate: d3, GrossAmount: 100, Tax: 20, NetAmount: 80, Currency: "GBP"}},
			wantValues: []float64{1000, 1000, 1080}, wantFlows: []float64{0, 0}, wantIncome: 80, wantTWRR: 0.08,
		},
		{
			name: "income before taxes", costs: Costs{AddBackTaxes: true},
			txns:       []Txn{deposit("2024-03-01", 1000, "GBP"), {AccountID: 1, Kind: KindIncome, TradeDate: d3, GrossAmount: 100, Tax: 20, NetAmount: 80, Currency: "GBP"}},
			wantValues: []float64{1000, 1000, 1080}, wantFlows: []float64{0, -20}, wantIncome: 100, wantTWRR: 0.10,
		},
		{
			// 10 units of security 1 transferred in on day 2 at their 500 worth: a contribution,
			// not a gain. Day 3 the close is 55: (1,550)/1,500 − 1.
			name: "securities transferred in",
			txns: []Txn{deposit("2024-03-01", 1000, "GBP"),
				{AccountID: 1, SecurityID: 1, Kind: KindTransferIn, TradeDate: d2, Volume: 10, NetAmount: 500, Currency: "GBP"}},
			wantValues: []float64{1000, 1500, 1550}, wantFlows: []float64{500, 0}, wantTWRR: 1550.0/1500 - 1,
		},
		{
			// Without a net amount a transfer is worth units × price_per_unit.
			name: "cash and securities transferred out",
			txns: []Txn{deposit("2024-03-01", 1000, "GBP"),
				{AccountID: 1, SecurityID: 1, Kind: KindBuy, TradeDate: d1, Volume: 10, PricePerUnit: 50, NetAmount: 500, Currency: "GBP"},
				{AccountID: 1, SecurityID: 1, Kind: KindTransferOut, TradeDate: d2, Volume: 4, PricePerUnit: 50, Currency: "GBP"},
				{AccountID: 1, Kind: KindTransferOut, TradeDate: d2, NetAmount: 100, Currency: "GBP"}},
			// day 2: 6 × 50 + 400 = 700; day 3: 6 × 55 + 400 = 730
			wantValues: []float64{1000, 700, 730}, wantFlows: []float64{-300, 0}, wantTWRR: 730.0/700 - 1,
		},
		{
			// No close yet: the holding is worth its last transaction price. A buy without a net
			// amount costs gross + fee.
			name: "unpriced security at its trade price",
			txns: []Txn{deposit("2024-03-01", 1000, "GBP"),
				{AccountID: 1, SecurityID: 3, Kind: KindBuy, TradeDate: d1, Volume: 10, PricePerUnit: 20, GrossAmount: 200, Fee: 5, Currency: "GBP"}},
			wantValues: []float64{995, 995, 995}, wantFlows: []float64{0, 0}, wantTWRR: 0,
		},
		{
			// Pence: 100 units at 250p are 250 GBP.
			name: "GBX close",
			txns: []Txn{deposit("2024-03-01", 250, "GBP"),
				{AccountID: 1, SecurityID: 2, Kind: KindBuy, TradeDate: d1, Volume: 100, PricePerUnit: 2.5, NetAmount: 250, Currency: "GBP"}},
			wantValues: []float64{250, 250, 250}, wantFlows: []float64{0, 0}, wantTWRR: 0,
		},
		{
			// Reported in USD: 1,000 GBP at 1.25 is 1,250 USD.
			name: "converted", currency: "USD",
			txns:       []Txn{deposit("2024-03-01", 1000, "GBP"), deposit("2024-03-02", 100, "GBP")},
			wantValues: []float64{1250, 1375, 1375}, wantFlows: []float64{125, 0}, wantTWRR: 0,
		},
		{
			name: "no rate for a holding", wantErr: calc.ErrConversionRateUnavailable,
			txns: []Txn{deposit("2024-03-01", 100, "EUR"),
				{AccountID: 1, SecurityID: 4, Kind: KindBuy, TradeDate: d1, Volume: 10, PricePerUnit: 10, NetAmount: 100, Currency: "EUR"}},
		},
		{
			name: "no rate for a flow", wantErr: calc.ErrConversionRateUnavailable,
			txns: []Txn{deposit("2024-03-01", 100, "GBP"), deposit("2024-03-02", 100, "CHF")},
		},
		{
			// A holding sold in full leaves floating-point dust, not a position needing a close.
			name: "sold in full",
			txns: []Txn{deposit("2024-03-01", 1000, "GBP"),
				{AccountID: 1, SecurityID: 4, Kind: KindBuy, TradeDate: date("2024-02-01"), Volume: 0.1 + 0.2, PricePerUnit: 10, NetAmount: 3, Currency: "GBP"},
				{AccountID: 1, SecurityID: 4, Kind: KindSell, TradeDate: date("2024-02-02"), Volume: 0.3, PricePerUnit: 10, NetAmount: 3, Currency: "GBP"}},
			wantValues: []float64{1000, 1000, 1000}, wantFlows: []float64{0, 0}, wantTWRR: 0,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			currency := c.currency
			if currency == "" {
				currency = "GBP"
			}
			v := Value(Input{Range: calc.DateRange{Start: d1, End: d3}, Currency: currency, Costs: c.costs,
				Accounts: []int64{1}, Txns: c.txns, Market: market})
			s := v.Accounts[1]
			if c.wantErr != nil || s.Err != nil {
				if !errors.Is(s.Err, c.wantErr) {
					t.Fatalf("err %v, want %v", s.Err, c.wantErr)
				}
				return
			}
			for i, w := range c.wantValues {
				if math.Abs(s.Values[i]-w) > 1e-9 {
					t.Errorf("value day %d = %.6f, want %.6f", i+1, s.Values[i], w)
				}
			}
			for i, w := range c.wantFlows {
				if math.Abs(s.Flows[i+1]-w) > 1e-9 {
					t.Errorf("flow day %d = %.6f, want %.6f", i+2, s.Flows[i+1], w)
				}
			}
			res, err := calc.TWRR(v.Points(s), v.Flows(s), d1, d3)
			income := s.Income[1] + s.Income[2]
			if err != nil || math.Abs(res.Return-c.wantTWRR) > 1e-9 || math.Abs(income-c.wantIncome) > 1e-9 {
				t.Fatalf("twrr %+v (%v), income %.6f; want %.6f, %.6f", res, err, income, c.wantTWRR, c.wantIncome)
			}
		})
	}
}

// Combining accounts adds their days; an account that cannot be valued spoils the total.
func TestCombine(t *testing.T) {
	v := Valuation{Dates: []time.Time{date("2024-03-01"), date("2024-03-02")}, Accounts: map[int64]Series{
		1: {Values: []float64{100, 110}, Flows: []float64{100, 0}, Income: []float64{0, 1}},
		2: {Values: []float64{50, 40}, Flows: []float64{0, -10}, Income: []float64{0, 2}},
		3: {Err: calc.ErrConversionRateUnavailable},
	}}
	got := v.Combine([]int64{1, 2})
	if got.Values[0] != 150 || got.Values[1] != 150 || got.Flows[1] != -10 || got.Income[1] != 3 || got.Err != nil {
		t.Fatalf("combined: %+v", got)
	}
	if got := v.Combine([]int64{1, 3}); !errors.Is(got.Err, calc.ErrConversionRateUnavailable) {
		t.Fatalf("combined with a failed account: %+v", got)
	}
}
