package calc

import (
	"errors"
	"testing"
)

// checkLinks compares sub-periods with hand-worked ones.
func checkLinks(t *testing.T, got, want []SubPeriod) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d links, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if !g.Start.Equal(w.Start) || !g.End.Equal(w.End) || !near(g.StartValue, w.StartValue) || !near(g.Flow, w.Flow) ||
			!near(g.EndValue, w.EndValue) || !near(g.Return, w.Return) || !near(g.Cumulative, w.Cumulative) {
			t.Errorf("link %d = %+v, want %+v", i, g, w)
		}
	}
}

// The hand-worked account of 2 to 5 January 2024 (performance's profit analysis test): a
// deposit of 5,000 on the 4th, money in earning the day's return.
//
//	2→3  10,000 → 10,800, no flow     r = 10,800/10,000 − 1          =  0.08       cum 0.08
//	3→4  10,800 → 15,800, +5,000      r = 15,800/(10,800 + 5,000) − 1 = 0          cum 0.08
//	4→5  15,800 → 15,360, no flow     r = 15,360/15,800 − 1          = −0.0278481… cum 1.08 × 15,360/15,800 − 1 = 0.0499240…
func TestTWRRSubPeriodsHandWorked(t *testing.T) {
	values := []Point{{d(2), 10000}, {d(3), 10800}, {d(4), 15800}, {d(5), 15360}}
	flows := []Flow{{d(4), 5000}}
	res, links, err := TWRRSubPeriods(values, flows, d(2), d(5))
	if err != nil {
		t.Fatal(err)
	}
	checkLinks(t, links, []SubPeriod{
		{Start: d(2), End: d(3), StartValue: 10000, EndValue: 10800, Return: 0.08, Cumulative: 0.08},
		{Start: d(3), End: d(4), StartValue: 10800, Flow: 5000, EndValue: 15800, Return: 0, Cumulative: 0.08},
		{Start: d(4), End: d(5), StartValue: 15800, EndValue: 15360, Return: 15360.0/15800 - 1, Cumulative: 1.08*15360.0/15800 - 1},
	})
	plain, err := TWRR(values, flows, d(2), d(5))
	if err != nil {
		t.Fatal(err)
	}
	// The same chain: the result is TWRR's to the bit, and the last link's cumulative is it.
	if res.Return != plain.Return || links[len(links)-1].Cumulative != plain.Return || !near(plain.Return, 1.08*15360.0/15800-1) {
		t.Fatalf("return %.17g, links end %.17g, TWRR %.17g", res.Return, links[len(links)-1].Cumulative, plain.Return)
	}
}

// A withdrawal leaves at the end of the day, after earning it, and a flow on a day without a
// valuation (the 3rd) is applied with the next close (the 4th): that link spans two days.
//
//	1→2  100 → 110, no flow        r = 110/100 − 1             = 0.1          cum 0.1
//	2→4  110 →  60, −55 on the 3rd r = (60 + 55)/110 − 1 = 115/110 − 1 = 0.0454545… cum 1.1 × 115/110 − 1 = 0.15
func TestTWRRSubPeriodsWithdrawalAndMissingDay(t *testing.T) {
	values := []Point{{d(1), 100}, {d(2), 110}, {d(4), 60}}
	_, links, err := TWRRSubPeriods(values, []Flow{{d(3), -55}}, d(1), d(4))
	if err != nil {
		t.Fatal(err)
	}
	checkLinks(t, links, []SubPeriod{
		{Start: d(1), End: d(2), StartValue: 100, EndValue: 110, Return: 0.1, Cumulative: 0.1},
		{Start: d(2), End: d(4), StartValue: 110, Flow: -55, EndValue: 60, Return: 115.0/110 - 1, Cumulative: 0.15},
	})
}

// An account empty at the start begins its chain at its first funded close (the 3rd, whose
// deposit is inside that base); an empty selection has no chain at all.
//
//	3→4  1,000 → 1,010   r = 0.01   cum 0.01
func TestTWRRSubPeriodsStartAtFirstFundedDay(t *testing.T) {
	values := []Point{{d(1), 0}, {d(2), 0}, {d(3), 1000}, {d(4), 1010}}
	res, links, err := TWRRSubPeriods(values, []Flow{{d(3), 1000}}, d(1), d(4))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Start.Equal(d(3)) {
		t.Fatalf("start %s, want 2024-01-03", FormatDate(res.Start))
	}
	checkLinks(t, links, []SubPeriod{{Start: d(3), End: d(4), StartValue: 1000, EndValue: 1010, Return: 0.01, Cumulative: 0.01}})
	if _, links, err := TWRRSubPeriods([]Point{{d(1), 0}, {d(2), 0}}, nil, d(1), d(2)); !errors.Is(err, ErrNoData) || links != nil {
		t.Fatalf("empty: %v %v", links, err)
	}
}
