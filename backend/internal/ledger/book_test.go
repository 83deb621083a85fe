package ledger

import (
	"math"
	"testing"
	"time"

	"wealthportal/backend/internal/calc"
)

// These cases were portfolio's (holdings_test.go) before positions moved here; their answers
// are unchanged.

var (
	acme   = Security{ID: 1, Code: "ACME", Description: "Acme", Currency: "GBP", AssetClassCode: "Equity"}
	vod    = Security{ID: 6, Code: "VOD", Description: "Vodafone", Currency: "GBX", AssetClassCode: "Equity"}
	usfund = Security{ID: 2, Code: "USFUND", Description: "US fund", Currency: "USD", AssetClassCode: "Equity"}
	cash   = Security{ID: 3, Code: "CASH.GBP", Description: "Sterling cash", Currency: "GBP", AssetClassCode: "Cash"}
	mmf    = Security{ID: 7, Code: "MMF.CASH", Description: "Money market", Currency: "GBP", AssetClassCode: "Liquidity"}
)

func day(d int) time.Time { return calc.Date(2026, 10, d) }

func securitiesOf(list ...Security) map[int64]Security {
	m := map[int64]Security{}
	for _, s := range list {
		m[s.ID] = s
	}
	return m
}

type wantHolding struct {
	code         string
	volume, cost float64
	last         time.Time
}

func checkHoldings(t *testing.T, got []Position, want []wantHolding) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d holdings %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Security.Code != w.code || math.Abs(g.Volume-w.volume) > 1e-9 || math.Abs(g.Cost-w.cost) > 1e-9 ||
			(!w.last.IsZero() && !g.LastTransactionDate.Equal(w.last)) {
			t.Errorf("holding %d: %s %v units cost %v last %s, want %+v", i, g.Security.Code, g.Volume, g.Cost, calc.FormatDate(g.LastTransactionDate), w)
		}
	}
}

// Buy 100 @ 10, buy 50 @ 12, sell 30 @ 13: 120 units at an average cost of 1,600/150, so a
// book cost of 120 × 10.6667 = 1,280. The money side goes to the sterling cash security.
func TestBuildPositionsHandWorked(t *testing.T) {
	txns := []Txn{
		{ID: 4, AccountID: 11, SecurityID: 1, Kind: KindSell, TradeDate: day(16), Volume: 30, PricePerUnit: 13, GrossAmount: 390, NetAmount: 390, Currency: "GBP"},
		{ID: 1, AccountID: 11, Kind: KindDeposit, TradeDate: day(1), NetAmount: 5000, Currency: "GBP"},
		{ID: 2, AccountID: 11, SecurityID: 1, Kind: KindBuy, TradeDate: day(2), Volume: 100, PricePerUnit: 10, GrossAmount: 1000, NetAmount: 1000, Currency: "GBP"},
		{ID: 3, AccountID: 11, SecurityID: 1, Kind: KindBuy, TradeDate: day(9), Volume: 50, PricePerUnit: 12, GrossAmount: 600, NetAmount: 600, Currency: "GBP"},
		{ID: 5, AccountID: 11, SecurityID: 1, Kind: KindIncome, TradeDate: day(20), NetAmount: 30, Currency: "GBP"},
		{ID: 6, AccountID: 11, Kind: KindFee, TradeDate: day(21), NetAmount: -10, Currency: "GBP"},
	}
	got := BuildPositions(txns, securitiesOf(acme, cash))
	checkHoldings(t, got, []wantHolding{
		{"ACME", 120, 1280, day(20)},
		{"CASH.GBP", 5000 - 1000 - 600 + 390 + 30 - 10, 3810, day(21)},
	})
	if avg := got[0].Cost / got[0].Volume; calc.Round(avg, 4) != 10.6667 {
		t.Errorf("average cost %v, want 10.6667", avg)
	}
}

func TestBuildPositionsRules(t *testing.T) {
	for _, tc := range []struct {
		name       string
		securities map[int64]Security
		txns       []Txn
		want       []wantHolding
	}{
		{
			name:       "a sold-out holding disappears and its cost with it",
			securities: securitiesOf(acme),
			txns: []Txn{
				{ID: 1, AccountID: 1, SecurityID: 1, Kind: KindBuy, TradeDate: day(1), Volume: 10, PricePerUnit: 10, Currency: "GBP"},
				{ID: 2, AccountID: 1, SecurityID: 1, Kind: KindSell, TradeDate: day(2), Volume: 10, PricePerUnit: 11, Currency: "GBP"},
				{ID: 3, AccountID: 1, SecurityID: 1, Kind: KindBuy, TradeDate: day(3), Volume: 5, PricePerUnit: 20, Currency: "GBP"},
			},
			want: []wantHolding{{"ACME", 5, 100, day(3)}, {"CASH.GBP", -100 + 110 - 100, -90, day(3)}},
		},
		{
			name:       "without a net amount a purchase costs consideration plus fee and tax",
			securities: securitiesOf(acme, cash),
			txns: []Txn{
				{ID: 1, AccountID: 1, SecurityID: 1, Kind: KindBuy, TradeDate: day(1), Volume: 10, PricePerUnit: 10, Fee: 5, Tax: 0.5, Currency: "GBP"},
				{ID: 2, AccountID: 1, SecurityID: 1, Kind: KindSell, TradeDate: day(2), Volume: 4, PricePerUnit: 12, Fee: 2, Currency: "GBP"},
			},
			want: []wantHolding{{"ACME", 6, 105.5 * 0.6, day(2)}, {"CASH.GBP", -105.5 + 46, -59.5, day(2)}},
		},
		{
			name:       "transfers move units without cash",
			securities: securitiesOf(acme, cash),
			txns: []Txn{
				{ID: 1, AccountID: 1, SecurityID: 1, Kind: KindTransferIn, TradeDate: day(1), Volume: 40, PricePerUnit: 5, GrossAmount: 200, Currency: "GBP"},
				{ID: 2, AccountID: 1, SecurityID: 1, Kind: KindTransferOut, TradeDate: day(5), Volume: 10, Currency: "GBP"},
			},
			want: []wantHolding{{"ACME", 30, 150, day(5)}},
		},
		{
			name:       "a transaction on a cash-coded security is cash itself",
			securities: securitiesOf(mmf, cash),
			txns: []Txn{
				{ID: 1, AccountID: 1, SecurityID: 7, Kind: KindDeposit, TradeDate: day(1), Volume: 500, PricePerUnit: 1, NetAmount: 500, Currency: "GBP"},
				{ID: 2, AccountID: 1, SecurityID: 7, Kind: KindWithdrawal, TradeDate: day(2), NetAmount: 120, Currency: "GBP"},
			},
			want: []wantHolding{{"MMF.CASH", 380, 380, day(2)}},
		},
		{
			name:       "without a cash security a currency gets a synthetic cash position",
			securities: securitiesOf(usfund, cash),
			txns: []Txn{
				{ID: 1, AccountID: 1, Kind: KindDeposit, TradeDate: day(1), GrossAmount: 2000, Currency: "usd"},
				{ID: 2, AccountID: 1, SecurityID: 2, Kind: KindBuy, TradeDate: day(2), Volume: 10, PricePerUnit: 100, NetAmount: 1005, Currency: "USD"},
			},
			want: []wantHolding{{"USFUND", 10, 1005, day(2)}, {"CASH.USD", 995, 995, day(2)}},
		},
		{
			name:       "pence shares settled in pounds are costed in pence",
			securities: securitiesOf(vod, cash),
			txns: []Txn{
				{ID: 1, AccountID: 1, SecurityID: 6, Kind: KindBuy, TradeDate: day(1), Volume: 1000, PricePerUnit: 70, NetAmount: 700, Currency: "GBP"},
			},
			want: []wantHolding{{"VOD", 1000, 70000, day(1)}, {"CASH.GBP", -700, -700, day(1)}},
		},
		{
			name:       "a trade settled in a third currency is costed at units times price",
			securities: securitiesOf(usfund, cash),
			txns: []Txn{
				{ID: 1, AccountID: 1, SecurityID: 2, Kind: KindBuy, TradeDate: day(1), Volume: 10, PricePerUnit: 100, NetAmount: 790, Currency: "GBP"},
			},
			want: []wantHolding{{"USFUND", 10, 1000, day(1)}, {"CASH.GBP", -790, -790, day(1)}},
		},
		{
			name:       "accounts are kept apart and ordered by id",
			securities: securitiesOf(acme, cash),
			txns: []Txn{
				{ID: 1, AccountID: 2, Kind: KindDeposit, TradeDate: day(1), NetAmount: 10, Currency: "GBP"},
				{ID: 2, AccountID: 1, Kind: KindDeposit, TradeDate: day(1), NetAmount: 20, Currency: "GBP"},
			},
			want: []wantHolding{{"CASH.GBP", 20, 20, day(1)}, {"CASH.GBP", 10, 10, day(1)}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkHoldings(t, BuildPositions(tc.txns, tc.securities), tc.want)
		})
	}
}

// Cash detection (spec 2 §9): the code or the asset class equals cash, starts with "cash." or
// ends with ".cash", ignoring case.
func TestSecurityIsCash(t *testing.T) {
	for _, tc := range []struct {
		code, assetClass string
		want             bool
	}{
		{"CASH", "", true},
		{"cash.gbp", "Equity", true},
		{"MMF.Cash", "Liquidity", true},
		{"XYZ", "Cash", true},
		{"XYZ", "cash.deposit", true},
		{"CASHFLOW", "Equity", false},
		{"PETTYCASH", "", false},
		{"ACME", "Equity", false},
	} {
		if got := (Security{Code: tc.code, AssetClassCode: tc.assetClass}).IsCash(); got != tc.want {
			t.Errorf("%q/%q: %v, want %v", tc.code, tc.assetClass, got, tc.want)
		}
	}
}

func TestApplyPrices(t *testing.T) {
	hs := BuildPositions([]Txn{
		{ID: 1, AccountID: 1, SecurityID: 1, Kind: KindBuy, TradeDate: day(1), Volume: 10, PricePerUnit: 10, Currency: "GBP"},
		{ID: 2, AccountID: 1, SecurityID: 2, Kind: KindBuy, TradeDate: day(3), Volume: 1, PricePerUnit: 101, Currency: "USD"},
		{ID: 3, AccountID: 1, SecurityID: 6, Kind: KindTransferIn, TradeDate: day(3), Volume: 5, Currency: "GBX"},
	}, securitiesOf(acme, usfund, vod, cash))
	ApplyPrices(hs, map[int64]Quote{1: {Last: 12, LastDate: day(20), Prev: 11, PrevDate: day(19)}})
	byCode := map[string]Position{}
	for _, h := range hs {
		byCode[h.Security.Code] = h
	}
	if h := byCode["ACME"]; h.Price != 12 || !h.PriceDate.Equal(day(20)) || h.PrevClose != 11 || h.NativeValue() != 120 {
		t.Errorf("closing price: %+v", h)
	}
	if h := byCode["USFUND"]; h.Price != 101 || !h.PriceDate.Equal(day(3)) || !h.Priced() {
		t.Errorf("last trade price: %+v", h)
	}
	if h := byCode["VOD"]; h.Priced() || h.NativeValue() != 0 {
		t.Errorf("no price at all: %+v", h)
	}
	if h := byCode["CASH.GBP"]; h.Price != 1 || !h.Priced() || !h.PriceDate.IsZero() {
		t.Errorf("cash: %+v", h)
	}
}
