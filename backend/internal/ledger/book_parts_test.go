package ledger

import (
	"math"
	"testing"
)

// A holding kept in two parts (sub-positions): each part has its own units and average cost,
// the parts are numbered in the order of their first transaction, and the money side is one
// cash position whatever the part.
//
// Main part (""):   buy 100 @ 10 (cost 1,000), sell 40 → 60 units, cost 1,000 × 60/100 = 600.
// Part "lot-2":     buy 50 @ 12 (cost 600), buy 10 @ 15 (cost 150) → 60 units, cost 750.
// Had the two been one holding (average cost), the sale would have taken 40/150 of 1,600 and
// left 1,173.33 for 120 units; kept apart, 600 + 750 = 1,350.
// Cash: 5,000 − 1,000 − 600 − 150 + 520 (40 @ 13) = 3,770.
func TestBuildPositionsKeepsTheParts(t *testing.T) {
	txns := []Txn{
		{ID: 1, AccountID: 11, Kind: KindDeposit, TradeDate: day(1), NetAmount: 5000, Currency: "GBP"},
		{ID: 2, AccountID: 11, SecurityID: 1, Kind: KindBuy, TradeDate: day(2), Volume: 100, PricePerUnit: 10, GrossAmount: 1000, NetAmount: 1000, Currency: "GBP"},
		{ID: 3, AccountID: 11, SecurityID: 1, Kind: KindBuy, TradeDate: day(3), Volume: 50, PricePerUnit: 12, GrossAmount: 600, NetAmount: 600, Currency: "GBP", Part: "lot-2"},
		{ID: 4, AccountID: 11, SecurityID: 1, Kind: KindSell, TradeDate: day(9), Volume: 40, PricePerUnit: 13, GrossAmount: 520, NetAmount: 520, Currency: "GBP"},
		{ID: 5, AccountID: 11, SecurityID: 1, Kind: KindBuy, TradeDate: day(10), Volume: 10, PricePerUnit: 15, GrossAmount: 150, NetAmount: 150, Currency: "GBP", Part: "lot-2"},
	}
	got := BuildPositions(txns, securitiesOf(acme, cash))
	checkHoldings(t, got, []wantHolding{
		{"ACME", 60, 600, day(9)},
		{"ACME", 60, 750, day(10)},
		{"CASH.GBP", 3770, 3770, day(10)},
	})
	for i, want := range []struct {
		part  string
		split int
	}{{"", 1}, {"lot-2", 2}, {"", 0}} {
		if got[i].Part != want.part || got[i].Split != want.split {
			t.Errorf("position %d: part %q split %d, want %q %d", i, got[i].Part, got[i].Split, want.part, want.split)
		}
	}
}

// A part sold out leaves a whole holding (Split 0), and the numbers of the parts still open
// follow their first transactions: the main part is sold out here, so "b" (first bought on
// day 3) is 1 and "a" (day 4) is 2.
func TestBuildPositionsNumbersOpenPartsOnly(t *testing.T) {
	buy := func(id int64, d int, units float64, part string) Txn {
		return Txn{ID: id, AccountID: 11, SecurityID: 1, Kind: KindBuy, TradeDate: day(d), Volume: units, PricePerUnit: 10, GrossAmount: units * 10, NetAmount: units * 10, Currency: "GBP", Part: part}
	}
	sell := buy(9, 8, 100, "")
	sell.Kind = KindSell
	got := BuildPositions([]Txn{buy(1, 2, 100, ""), buy(2, 3, 5, "b"), buy(3, 4, 7, "a"), sell}, securitiesOf(acme, cash))
	if len(got) != 3 || got[0].Part != "b" || got[0].Split != 1 || got[1].Part != "a" || got[1].Split != 2 {
		t.Fatalf("positions %+v, want part b (split 1) then part a (split 2), then cash", got)
	}
	// One part left open: the holding is whole.
	sellA := buy(10, 9, 7, "a")
	sellA.Kind = KindSell
	got = BuildPositions([]Txn{buy(1, 2, 100, ""), buy(2, 3, 5, "b"), buy(3, 4, 7, "a"), sell, sellA}, securitiesOf(acme, cash))
	if got[0].Part != "b" || got[0].Split != 0 || math.Abs(got[0].Volume-5) > 1e-9 {
		t.Errorf("position %+v, want part b whole (split 0) with 5 units", got[0])
	}
}
