package calc

import (
	"errors"
	"math"
	"testing"
)

func TestXIRRHandWorked(t *testing.T) {
	cases := []struct {
		name  string
		flows []CashFlow
		want  float64
	}{
		{
			// 2023-01-01 → 2024-01-01 is 365 days = 1 year.
			// NPV(0.10) = −1000 + 1100/1.10^1 = −1000 + 1000 = 0.
			name:  "ten percent over one year",
			flows: []CashFlow{{Date(2023, 1, 1), -1000}, {Date(2024, 1, 1), 1100}},
			want:  0.10,
		},
		{
			// NPV(−0.10) = −1000 + 900/0.90 = −1000 + 1000 = 0.
			name:  "a loss",
			flows: []CashFlow{{Date(2023, 1, 1), -1000}, {Date(2024, 1, 1), 900}},
			want:  -0.10,
		},
		{
			// 2021-01-01, 2022-01-01 (365 days), 2023-01-01 (730 days).
			// NPV(0.10) = −1000 + 550/1.1 + 605/1.21 = −1000 + 500 + 500 = 0.
			name:  "two withdrawals",
			flows: []CashFlow{{Date(2021, 1, 1), -1000}, {Date(2022, 1, 1), 550}, {Date(2023, 1, 1), 605}},
			want:  0.10,
		},
		{
			// Order does not matter: same flows, last first.
			name:  "unordered",
			flows: []CashFlow{{Date(2023, 1, 1), 605}, {Date(2021, 1, 1), -1000}, {Date(2022, 1, 1), 550}},
			want:  0.10,
		},
		{
			// Half a year (2023-01-01 → 2023-07-02 is 182 days): 1000 grows to 1000×1.21^(182/365).
			// With x = 1.21^(182/365), NPV(0.21) = −1000 + 1000x/1.21^(182/365) = 0.
			name:  "part of a year annualises",
			flows: []CashFlow{{Date(2023, 1, 1), -1000}, {Date(2023, 7, 2), 1000 * math.Pow(1.21, 182.0/365)}},
			want:  0.21,
		},
		{
			// Two roots: with x = 1+r at yearly steps, −100x² + 230x − 132 = 0 has
			// x = (230 ± √(52900 − 52800))/200 = (230 ± 10)/200, so r = 10% or 20%.
			// Newton from 10% lands on 10% at once; the answer is the lower root.
			name:  "two roots, lower one",
			flows: []CashFlow{{Date(2021, 1, 1), -100}, {Date(2022, 1, 1), 230}, {Date(2023, 1, 1), -132}},
			want:  0.10,
		},
		{
			// A zero flow is ignored.
			name:  "zero flow ignored",
			flows: []CashFlow{{Date(2023, 1, 1), -1000}, {Date(2023, 6, 1), 0}, {Date(2024, 1, 1), 1100}},
			want:  0.10,
		},
	}
	for _, c := range cases {
		got, err := XIRR(c.flows)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: XIRR = %.15g, want %.15g", c.name, got, c.want)
		}
	}
}

// irregular flows: day counts from 2024-01-01 are 0, 74 (15 March, 2024 is a leap year:
// 31 + 29 + 14), 244 (1 September) and 366 (1 January 2025).
var irregular = []CashFlow{
	{Date(2024, 1, 1), -10000},
	{Date(2024, 3, 15), -2000},
	{Date(2024, 9, 1), 1500},
	{Date(2025, 1, 1), 12000},
}

func TestXIRRIrregularPlugsBackToZero(t *testing.T) {
	// At 0% the NPV is −10000 − 2000 + 1500 + 12000 = +1500 > 0, so the rate is positive.
	// The solver's rate, plugged back by hand with r = 0.1347918668:
	//   −10000 / 1.1347918668^(0/365)   = −10000.0000
	//    −2000 / 1.1347918668^(74/365)  =  −1949.3791   (1.134792^0.202740 = 1.026000)
	//    +1500 / 1.1347918668^(244/365) =  +1378.4155   (1.134792^0.668493 = 1.088204)
	//   +12000 / 1.1347918668^(366/365) = +10570.9636   (1.134792^1.002740 = 1.135184)
	//   sum = −11949.3791 + 11949.3791 = 0.0000
	// (the same rate an independent bisection and a spreadsheet's XIRR give: 13.4792%).
	got, err := XIRR(irregular)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-0.134791866814803) > 1e-9 {
		t.Fatalf("XIRR = %.15g, want 0.134791866814803", got)
	}
	if npv := XNPV(got, irregular); math.Abs(npv) > 1e-9*25500 {
		t.Fatalf("XNPV at the IRR = %g, want |NPV| ≤ 1e-9 × Σ|amount|", npv)
	}
	if npv := XNPV(0, irregular); math.Abs(npv-1500) > 1e-9 {
		t.Fatalf("XNPV(0) = %v, want 1500", npv)
	}
}

func TestXIRRBisectionAgreesWithNewton(t *testing.T) {
	// The fallback must find the same rate on its own, so exercise it directly.
	df := discounted(irregular)
	got, ok := df.scan()
	if !ok || math.Abs(math.Expm1(got)-0.134791866814803) > 1e-9 {
		t.Fatalf("scan = %.15g, %v", math.Expm1(got), ok)
	}
	// Two roots (10% and 20%): the grid scan brackets the lower one first.
	two := discounted([]CashFlow{{Date(2021, 1, 1), -100}, {Date(2022, 1, 1), 230}, {Date(2023, 1, 1), -132}})
	if got, ok := two.scan(); !ok || math.Abs(math.Expm1(got)-0.10) > 1e-9 {
		t.Fatalf("scan two roots = %.15g, %v", math.Expm1(got), ok)
	}
}

func TestXIRRDoubleRoot(t *testing.T) {
	// With x = 1+r at yearly steps, −100 + 214/x − 114.49/x² = −100(x − 1.07)²/x²: NPV touches
	// zero at r = 7% without crossing, so there is no sign change to bracket. Newton still
	// creeps onto it (linearly at a double root); precision is about √ε, hence the 1e-6.
	flows := []CashFlow{{Date(2021, 1, 1), -100}, {Date(2022, 1, 1), 214}, {Date(2023, 1, 1), -114.49}}
	got, err := XIRR(flows)
	if err != nil || math.Abs(got-0.07) > 1e-6 {
		t.Fatalf("XIRR = %.12g, %v; want 0.07", got, err)
	}
	// A double root on a grid point is found by the scan itself: −(x − 1)² at r = 0.
	df := discounted([]CashFlow{{Date(2021, 1, 1), -100}, {Date(2022, 1, 1), 200}, {Date(2023, 1, 1), -100}})
	if r, ok := df.scan(); !ok || r != 0 {
		t.Fatalf("scan on a touching root = %v, %v", r, ok)
	}
}

func TestXIRRExtremeButValid(t *testing.T) {
	// −1 then +50,000 a year later: 1+r = 50000, r = 49999 (Newton doubles 1+r each step).
	got, err := XIRR([]CashFlow{{Date(2023, 1, 1), -1}, {Date(2024, 1, 1), 50000}})
	if err != nil || math.Abs(got-49999)/49999 > 1e-9 {
		t.Fatalf("XIRR = %v, %v; want 49999", got, err)
	}
	// Near-total loss: −1000 then +0.5 a year later: 1+r = 0.0005, r = −0.9995.
	// Newton from 10% jumps far below −100% (NPV −999.5, slope −0.41, step ≈ −2400), so this
	// case goes through the bisection fallback of the public function.
	got, err = XIRR([]CashFlow{{Date(2023, 1, 1), -1000}, {Date(2024, 1, 1), 0.5}})
	if err != nil || math.Abs(got+0.9995) > 1e-9 {
		t.Fatalf("XIRR = %v, %v; want -0.9995", got, err)
	}
	// −1 then +10,000,000 a year later: 1+r = 10^7. Past the old search bound of 10^5, and
	// solved all the same.
	got, err = XIRR([]CashFlow{{Date(2023, 1, 1), -1}, {Date(2024, 1, 1), 1e7}})
	if err != nil || math.Abs(got-(1e7-1))/1e7 > 1e-9 {
		t.Fatalf("XIRR = %v, %v; want 9999999", got, err)
	}
}

// XIRR is null only when no root exists, and then says why, truly (issue 11 §1).
func TestXIRRNoIRR(t *testing.T) {
	cases := []struct {
		name  string
		flows []CashFlow
		want  error
	}{
		{"empty", nil, errIRRNoFlows},
		{"only zeros", []CashFlow{{Date(2023, 1, 1), 0}, {Date(2024, 1, 1), 0}}, errIRRNoFlows},
		{"single flow", []CashFlow{{Date(2023, 1, 1), -1000}}, errIRROnlyIn},
		{"all positive", []CashFlow{{Date(2023, 1, 1), 1000}, {Date(2024, 1, 1), 1100}}, errIRROnlyOut},
		// Paid in, and the end is below zero: no rate turns that into a balance.
		{"all negative", []CashFlow{{Date(2023, 1, 1), -1000}, {Date(2024, 1, 1), -1100}}, errIRROnlyIn},
		{"same day", []CashFlow{{Date(2023, 1, 1), -1000}, {Date(2023, 1, 1), 1100}}, errIRROneDay},
		{"NaN", []CashFlow{{Date(2023, 1, 1), -1000}, {Date(2024, 1, 1), math.NaN()}}, errIRRNotANumber},
		// −100, +100, −100 yearly: with v = 1/(1+r), −100(v² − v + 1) = 0 has no real root
		// (discriminant 1 − 4 < 0), and v² − v + 1 > 0 for every v, so NPV < 0 at every rate.
		{"no real root", []CashFlow{{Date(2021, 1, 1), -100}, {Date(2022, 1, 1), 100}, {Date(2023, 1, 1), -100}}, errIRRNoRoot},
	}
	for _, c := range cases {
		got, err := XIRR(c.flows)
		if !errors.Is(err, ErrNoIRR) || err != c.want {
			t.Errorf("%s: XIRR = %v, %v; want %v", c.name, got, err, c.want)
		}
	}
	if ErrNoIRR.Error() != "cannot compute IRR" {
		t.Fatalf("ErrNoIRR text = %q", ErrNoIRR.Error())
	}
}

func TestXNPVEmpty(t *testing.T) {
	if XNPV(0.1, nil) != 0 {
		t.Fatal("XNPV of no flows is 0")
	}
}

// Nothing back is a total loss, −100%, wherever the money was paid in: even on the last day.
func TestXIRRTotalLoss(t *testing.T) {
	for _, flows := range [][]CashFlow{
		{{Date(2023, 1, 1), -1000}, {Date(2024, 1, 1), 0}},
		{{Date(2023, 1, 1), -1000}, {Date(2024, 1, 1), -50}, {Date(2024, 1, 1), 0}},
	} {
		if got, err := XIRR(flows); err != nil || got != -1 {
			t.Errorf("XIRR(%v) = %v, %v; want -1", flows, got, err)
		}
	}
}
