package firmdata

import (
	"reflect"
	"testing"
)

// A switch with ToPart keeps the units it buys as their own part of the holding; a later sale
// of the whole holding sells the main part first, then the named part, one sale each, so
// every sale names a part that holds the units (Validate's per-part rule).
//
// Prices are flat (F at 2.00, G at 4.00). Opening 1,000: 990 is spent half and half, 247.5 F
// (495.00) and 123.75 G (495.00), 10.00 stays as cash. 3 February: all of G is sold (495.00)
// and the proceeds buy 247.5 F in part "switch". 3 March: all of F is sold, 495 units: the
// main part's 247.5 (495.00), then the part's 247.5 (495.00).
func TestSimulateKeepsASwitchsUnitsAsAPart(t *testing.T) {
	f := Instrument{Security: Security{Code: "F", Description: "Fund F", Currency: "GBP"}, Walk: Walk{Level: 2, Places: 4}}
	g := Instrument{Security: Security{Code: "G", Description: "Fund G", Currency: "GBP"}, Walk: Walk{Level: 4, Places: 4}}
	m := NewMarket([]Instrument{CashInstruments("GBP")[0], f, g}, mustDate(t, "2025-01-01"), mustDate(t, "2025-03-31"))
	txns := m.Simulate(AccountPlan{
		Start: mustDate(t, "2025-01-06"), End: mustDate(t, "2025-03-31"), Opening: 1000,
		Model: []Target{{"F", 0.5}, {"G", 0.5}},
		Switches: []Switch{
			{Date: mustDate(t, "2025-02-03"), From: "G", To: "F", Fraction: 1, ToPart: "switch"},
			{Date: mustDate(t, "2025-03-03"), From: "F", Fraction: 1},
		},
	})
	trade := func(kind, code, date, settle string, units, price, amount float64, comment, part string) Transaction {
		return Transaction{Kind: kind, Security: code, TradeDate: date, SettlementDate: settle, Volume: units, PricePerUnit: price,
			GrossAmount: amount, NetAmount: amount, Comment: comment, SubPosition: part}
	}
	want := []Transaction{
		{Kind: "deposit", TradeDate: "2025-01-06", NetAmount: 1000, Comment: "Opening contribution"},
		trade("buy", "F", "2025-01-06", "2025-01-08", 247.5, 2, 495, "", ""),
		trade("buy", "G", "2025-01-06", "2025-01-08", 123.75, 4, 495, "", ""),
		trade("sell", "G", "2025-02-03", "2025-02-05", 123.75, 4, 495, "Switch", ""),
		trade("buy", "F", "2025-02-03", "2025-02-05", 247.5, 2, 495, "", "switch"),
		trade("sell", "F", "2025-03-03", "2025-03-05", 247.5, 2, 495, "Switch", ""),
		trade("sell", "F", "2025-03-03", "2025-03-05", 247.5, 2, 495, "Switch", "switch"),
	}
	if !reflect.DeepEqual(txns, want) {
		t.Errorf("transactions:\n%+v\nwant:\n%+v", txns, want)
	}
}
