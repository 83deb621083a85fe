package firmdata

import (
	"reflect"
	"testing"
	"time"
)

func TestBusinessDays(t *testing.T) {
	for _, tc := range []struct {
		date  string
		index int
		last  string // lastBusinessDay
		first string // firstBusinessDayFrom
	}{
		{"2015-01-05", 0, "2015-01-05", "2015-01-05"}, // the epoch, a Monday
		{"2015-01-09", 4, "2015-01-09", "2015-01-09"},
		{"2015-01-10", 4, "2015-01-09", "2015-01-12"}, // Saturday
		{"2015-01-11", 4, "2015-01-09", "2015-01-12"}, // Sunday
		{"2015-01-12", 5, "2015-01-12", "2015-01-12"},
		{"2026-11-20", 3099, "2026-11-20", "2026-11-20"},
	} {
		d := mustDate(t, tc.date)
		if got := businessIndex(d); got != tc.index {
			t.Errorf("businessIndex(%s) = %d, want %d", tc.date, got, tc.index)
		}
		if got := lastBusinessDay(d).Format(dateLayout); got != tc.last {
			t.Errorf("lastBusinessDay(%s) = %s, want %s", tc.date, got, tc.last)
		}
		if got := firstBusinessDayFrom(d).Format(dateLayout); got != tc.first {
			t.Errorf("firstBusinessDayFrom(%s) = %s, want %s", tc.date, got, tc.first)
		}
	}
	for i := 0; i < 3000; i += 7 {
		if got := businessIndex(businessDate(i)); got != i {
			t.Fatalf("businessIndex(businessDate(%d)) = %d", i, got)
		}
	}
	if businessIndex(mustDate(t, "2014-12-31")) != -1 {
		t.Error("a day before the epoch has an index")
	}
}

func TestQuarterEnd(t *testing.T) {
	for date, want := range map[string]string{
		"2025-01-15": "2025-03-31", // a Monday
		"2025-03-31": "2025-03-31",
		"2025-05-02": "2025-06-30",
		"2025-08-01": "2025-09-30",
		"2025-12-01": "2025-12-31",
		"2022-04-10": "2022-06-30",
		"2023-09-01": "2023-09-29", // the 30th is a Saturday
	} {
		if got := quarterEnd(mustDate(t, date)).Format(dateLayout); got != want {
			t.Errorf("quarterEnd(%s) = %s, want %s", date, got, want)
		}
	}
}

func TestWalkIsDeterministicAndPositive(t *testing.T) {
	w := Walk{Level: 2, Drift: 0.05, Vol: 0.6, Places: 4}
	short := w.generate("x", mustDate(t, "2020-01-01"))
	long := w.generate("x", mustDate(t, "2026-01-01"))
	if !reflect.DeepEqual(short, long[:len(short)]) {
		t.Error("extending a series changed its past")
	}
	if reflect.DeepEqual(long, w.generate("y", mustDate(t, "2026-01-01"))) {
		t.Error("two names gave the same series")
	}
	for i, v := range long {
		if v <= 0 {
			t.Fatalf("value %d is %v", i, v)
		}
	}
	flat := Walk{Level: 1, Places: 4}.generate("cash", mustDate(t, "2016-01-01"))
	for _, v := range flat {
		if v != 1 {
			t.Fatalf("a walk without volatility moved: %v", v)
		}
	}
}

func TestFXRatesAreConsistentCrosses(t *testing.T) {
	from, to := mustDate(t, "2025-01-06"), mustDate(t, "2025-01-10")
	rates := FXRates([]string{"USD", "EUR"}, true, from, to)
	pairs := map[string][]float64{}
	for _, r := range rates {
		if r.Start != "2025-01-06" || len(r.Closes) != 5 {
			t.Fatalf("%s/%s runs from %s with %d values", r.Base, r.Quote, r.Start, len(r.Closes))
		}
		pairs[r.Base+"/"+r.Quote] = r.Closes
	}
	if len(pairs) != 3 {
		t.Fatalf("pairs %v, want GBP/USD, GBP/EUR, USD/EUR", pairs)
	}
	for i := range 5 {
		implied := pairs["GBP/EUR"][i] / pairs["GBP/USD"][i]
		if d := implied - pairs["USD/EUR"][i]; d > 1e-6 || d < -1e-6 {
			t.Errorf("day %d: USD/EUR %v, GBP rates imply %v", i, pairs["USD/EUR"][i], implied)
		}
	}
	if got := FXRates([]string{"USD"}, false, from, to); len(got) != 1 {
		t.Errorf("without crosses: %d series", len(got))
	}
}

// TestSimulateHandWorked follows a small plan through by hand.
func TestSimulateHandWorked(t *testing.T) {
	cash := CashInstruments("GBP")[0]
	fund := Instrument{Security: Security{Code: "F", Description: "Fund", Currency: "GBP"}, Walk: Walk{Level: 2, Places: 4}, IncomeRate: 0.05}
	m := NewMarket([]Instrument{cash, fund}, mustDate(t, "2025-01-01"), mustDate(t, "2025-04-30"))
	if m.Price("F", mustDate(t, "2025-02-01")) != 2 {
		t.Fatal("a walk without volatility should stay at its level")
	}
	txns := m.Simulate(AccountPlan{
		Start: mustDate(t, "2025-01-04"), End: mustDate(t, "2025-04-30"), // starts on a Saturday: moves to Monday
		Opening: 1000, Model: []Target{{"F", 1}}, IncomeEvery: 3,
		Withdrawals: []Withdrawal{{Date: mustDate(t, "2025-04-01"), Amount: 500}},
	})
	// Opening: 1,000 in; 1% kept as cash, 990 buys 495 units at 2.00. Income at the quarter
	// end: 495 × (0.05 × 2) × 3/12 = 12.38. The withdrawal of 500 needs 500 − 22.38 = 477.62
	// more: units are sold pro rata (with a small margin) first.
	want := []Transaction{
		{Kind: "deposit", TradeDate: "2025-01-06", NetAmount: 1000, Comment: "Opening contribution"},
		{Kind: "buy", Security: "F", TradeDate: "2025-01-06", SettlementDate: "2025-01-08", Volume: 495, PricePerUnit: 2, GrossAmount: 990, NetAmount: 990},
		{Kind: "income", Security: "F", TradeDate: "2025-03-31", GrossAmount: 12.38, NetAmount: 12.38},
		{Kind: "sell", Security: "F", TradeDate: "2025-04-01", SettlementDate: "2025-04-03", Volume: 244.0812, PricePerUnit: 2, GrossAmount: 488.16, NetAmount: 488.16, Comment: "Sold to fund a withdrawal"},
		{Kind: "withdrawal", TradeDate: "2025-04-01", NetAmount: 500, Comment: "Withdrawal"},
	}
	if !reflect.DeepEqual(txns, want) {
		t.Errorf("transactions:\n%+v\nwant:\n%+v", txns, want)
	}
	if got := m.Simulate(AccountPlan{Start: mustDate(t, "2025-05-05"), End: mustDate(t, "2025-04-30"), Opening: 10, Model: []Target{{"F", 1}}}); got != nil {
		t.Errorf("a plan starting after its end made %v", got)
	}
}

func TestNewMarketSetsIncomePerUnit(t *testing.T) {
	fund := Instrument{Security: Security{Code: "F", Currency: "GBP"}, Walk: Walk{Level: 4, Places: 4}, IncomeRate: 0.03}
	m := NewMarket([]Instrument{fund}, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC))
	if got := m.Securities()[0].AnnualIncomePerUnit; got != 0.12 {
		t.Errorf("annual income per unit %v, want 0.12", got)
	}
	if p := m.Prices()[0]; p.Start != "2025-01-01" || len(p.Closes) != 23 {
		t.Errorf("prices start %s with %d closes, want 2025-01-01 and 23", p.Start, len(p.Closes))
	}
}
