package calc

import (
	"errors"
	"math"
	"testing"
)

func TestParseProfitAnalysisType(t *testing.T) {
	cases := map[string]ProfitAnalysisType{
		"twrr": ProfitAnalysisTWRR, "TWRR": ProfitAnalysisTWRR,
		"irr": ProfitAnalysisIRR, " Irr ": ProfitAnalysisIRR,
		"none": ProfitAnalysisNone, "NONE": ProfitAnalysisNone,
		"": ProfitAnalysisTWRR, "mwrr": ProfitAnalysisTWRR, "None of these": ProfitAnalysisTWRR,
	}
	for in, want := range cases {
		if got := ParseProfitAnalysisType(in); got != want {
			t.Errorf("ParseProfitAnalysisType(%q) = %q, want %q", in, got, want)
		}
	}
}

// The account of TestTWRRWithContributionAndWithdrawal: closes 1000, 1050, 1600, 1320 on
// 1–4 January 2024, +500 on the 3rd and −200 on the 4th.
var (
	movValues = []Point{{d(1), 1000}, {d(2), 1050}, {d(3), 1600}, {d(4), 1320}}
	movFlows  = []Flow{{d(3), 500}, {d(4), -200}}
)

func TestComputeMovement(t *testing.T) {
	cases := []struct {
		name                                          string
		r                                             DateRange
		start, end, contrib, withdraw, net, chg, gain float64
	}{
		// Whole range: change 1320 − 1000 = 320; net flows 500 − 200 = 300;
		// gain 320 − 300 = 20.
		{"whole range", DateRange{d(1), d(4)}, 1000, 1320, 500, -200, 300, 320, 20},
		// 2nd to 3rd: flows in (2nd, 3rd] = +500; change 1600 − 1050 = 550; gain 550 − 500 = 50.
		{"middle", DateRange{d(2), d(3)}, 1050, 1600, 500, 0, 500, 550, 50},
		// Starting on the 3rd: the +500 is inside the start value 1600. Flows: −200.
		// Change 1320 − 1600 = −280; gain −280 − (−200) = −80.
		{"flow on the start date", DateRange{d(3), d(4)}, 1600, 1320, 0, -200, -200, -280, -80},
		// Range from 31 Dec: no valuation on or before it, start value 0. Change 1320, all
		// flows count (300), and the first close of 1000 counts as gain because no flow
		// funded it — feed the opening contribution as a flow to avoid that.
		{"before the first valuation", DateRange{Date(2023, 12, 31), d(4)}, 0, 1320, 500, -200, 300, 1320, 1020},
		// Ending on a day without a valuation carries the 4th's 1320 forward.
		{"end carried forward", DateRange{d(1), d(7)}, 1000, 1320, 500, -200, 300, 320, 20},
		{"single day", DateRange{d(2), d(2)}, 1050, 1050, 0, 0, 0, 0, 0},
	}
	for _, c := range cases {
		m, err := ComputeMovement(movValues, movFlows, c.r)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got := []float64{m.StartValue, m.EndValue, m.Contributions, m.Withdrawals, m.NetFlows, m.Change, m.InvestmentGain}
		want := []float64{c.start, c.end, c.contrib, c.withdraw, c.net, c.chg, c.gain}
		for i := range want {
			if !near(got[i], want[i]) {
				t.Errorf("%s: got %v, want %v", c.name, got, want)
				break
			}
		}
	}
	if _, err := ComputeMovement(movValues, movFlows, DateRange{Date(2023, 1, 1), Date(2023, 12, 31)}); !errors.Is(err, ErrNoData) {
		t.Errorf("range before any data: %v", err)
	}
	if _, err := ComputeMovement(movValues, movFlows, DateRange{d(4), d(1)}); !errors.Is(err, ErrInvalidSeries) {
		t.Errorf("backwards range: %v", err)
	}
}

func TestIRRCashFlows(t *testing.T) {
	m, err := ComputeMovement(movValues, movFlows, DateRange{d(1), d(4)})
	if err != nil {
		t.Fatal(err)
	}
	// −1000 paid in at the start, −500 more on the 3rd, +200 taken out and +1320 held on the
	// 4th (two flows on the 4th: the withdrawal and the closing value).
	want := []CashFlow{{d(1), -1000}, {d(3), -500}, {d(4), 200}, {d(4), 1320}}
	got := IRRCashFlows(m, movFlows)
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if !got[i].Date.Equal(want[i].Date) || got[i].Amount != want[i].Amount {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestIRRCashFlowsNetsDaysAndKeepsBadAmounts(t *testing.T) {
	m := Movement{Start: d(1), End: d(4), StartValue: 100, EndValue: 120}
	// +30 and −30 on the 2nd net to nothing; +10 and +5 on the 3rd net to +15 (−15 for the
	// investor); the flow on the 1st is inside the start value; the 5th is after the end.
	flows := []Flow{{d(2), 30}, {d(3), 10}, {d(1), 50}, {d(2), -30}, {d(3), 5}, {d(5), 7}}
	got := IRRCashFlows(m, flows)
	want := []CashFlow{{d(1), -100}, {d(3), -15}, {d(4), 120}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if !got[i].Date.Equal(want[i].Date) || got[i].Amount != want[i].Amount {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	// A NaN flow is passed on, so XIRR refuses rather than ignoring it.
	bad := IRRCashFlows(m, []Flow{{d(2), math.NaN()}})
	if _, err := XIRR(bad); !errors.Is(err, ErrNoIRR) {
		t.Fatalf("XIRR with a NaN flow: %v", err)
	}
}

func TestComputePerformanceAgreesByHand(t *testing.T) {
	// 1000 on 2021-01-01; it earns 10% to 1100, 550 is withdrawn on 2022-01-01 leaving 550;
	// that earns 10% to 605 on 2023-01-01 (730 days after the start).
	//
	// TWRR: r_1 = (550 − (−550))/1000 − 1 = 0.10; r_2 = 605/550 − 1 = 0.10;
	//       R = 1.1 × 1.1 − 1 = 0.21; annualised 1.21^(365/730) − 1 = 0.10.
	// IRR:  investor flows −1000, +550, +605 → NPV(0.10) = −1000 + 500 + 500 = 0, IRR 0.10;
	//       period equivalent 1.1^(730/365) − 1 = 0.21; annualised 0.10.
	values := []Point{{Date(2021, 1, 1), 1000}, {Date(2022, 1, 1), 550}, {Date(2023, 1, 1), 605}}
	flows := []Flow{{Date(2022, 1, 1), -550}}
	r := DateRange{Date(2021, 1, 1), Date(2023, 1, 1)}
	for _, typ := range []ProfitAnalysisType{ProfitAnalysisTWRR, ProfitAnalysisIRR} {
		p, err := ComputePerformance(typ, values, flows, r)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if !p.Available || p.Type != typ || math.Abs(p.Return-0.21) > 1e-9 || math.Abs(p.Annualised-0.10) > 1e-9 {
			t.Errorf("%s: %+v, want Return 0.21 Annualised 0.10", typ, p)
		}
	}
	p, err := ComputePerformance(ProfitAnalysisNone, values, flows, r)
	if err != nil || p.Available {
		t.Errorf("none: %+v, %v", p, err)
	}
}

func TestComputePerformanceIRRShortPeriodNotAnnualised(t *testing.T) {
	// 1000 on 2023-01-01 grows to 1100 on 2024-01-01 (365 days): IRR 10%, period return 10%.
	values := []Point{{Date(2023, 1, 1), 1000}, {Date(2024, 1, 1), 1100}}
	p, err := ComputePerformance(ProfitAnalysisIRR, values, nil, DateRange{Date(2023, 1, 1), Date(2024, 1, 1)})
	if err != nil || math.Abs(p.Return-0.10) > 1e-9 || math.Abs(p.Annualised-0.10) > 1e-9 {
		t.Fatalf("%+v, %v", p, err)
	}
	// Half of it: 2023-01-01 → 2023-07-02 (182 days) with the close at 1000 × 1.1^(182/365):
	// IRR 10% a year, period return 1.1^(182/365) − 1, and not annualised (under a year).
	half := math.Pow(1.1, 182.0/365)
	values = []Point{{Date(2023, 1, 1), 1000}, {Date(2023, 7, 2), 1000 * half}}
	p, err = ComputePerformance(ProfitAnalysisIRR, values, nil, DateRange{Date(2023, 1, 1), Date(2023, 7, 2)})
	if err != nil || math.Abs(p.Return-(half-1)) > 1e-9 || p.Annualised != p.Return {
		t.Fatalf("%+v, %v", p, err)
	}
}

func TestComputePerformanceErrors(t *testing.T) {
	// An account that never held anything: no TWRR, and no IRR (no flows of either sign).
	values := []Point{{d(1), 0}, {d(2), 0}}
	if _, err := ComputePerformance(ProfitAnalysisTWRR, values, nil, DateRange{d(1), d(2)}); !errors.Is(err, ErrNoData) {
		t.Errorf("twrr: %v", err)
	}
	if _, err := ComputePerformance(ProfitAnalysisIRR, values, nil, DateRange{d(1), d(2)}); !errors.Is(err, ErrNoIRR) {
		t.Errorf("irr: %v", err)
	}
	if _, err := ComputePerformance(ProfitAnalysisIRR, nil, nil, DateRange{d(1), d(2)}); !errors.Is(err, ErrNoData) {
		t.Errorf("irr without data: %v", err)
	}
}
