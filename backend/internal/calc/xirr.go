package calc

import (
	"errors"
	"math"
	"time"
)

// ErrNoIRR reports cash flows that have no internal rate of return the solver can find: fewer
// than one inflow and one outflow, all flows on one day, or no root in (−99.99%, MaxIRR].
var ErrNoIRR = errors.New("cannot compute IRR")

// CashFlow is a dated cash flow seen from the investor: money paid into the investment is
// negative, money taken out (and a closing value) is positive.
type CashFlow struct {
	Date   time.Time
	Amount float64
}

// Bounds of the IRR search. The lower bound stays above −100% because (1+r)^−t has no value
// at r = −1; the upper bound is far beyond any real portfolio (10,000,000% a year) but keeps
// the search finite.
const (
	MinIRR = -0.9999
	MaxIRR = 1e5
)

// irrTolerance is the NPV accepted as zero, relative to the sum of |amounts|, so the test is
// the same for a £10 account and a £10m one.
const irrTolerance = 1e-9

// stepTolerance is the relative change in the rate below which the solvers stop refining.
const stepTolerance = 1e-13

// XNPV is the net present value of flows at an annual rate, discounting each flow by
// (1+rate)^(days/365) from the earliest flow's date (Actual/365, as spreadsheet XNPV).
func XNPV(rate float64, flows []CashFlow) float64 {
	if len(flows) == 0 {
		return 0
	}
	npv, _ := discounted(flows).npv(rate)
	return npv
}

// XIRR is the annual rate at which the flows' XNPV is zero (Actual/365).
//
// It runs Newton's method from 10% until the step is negligible and accepts the rate if there
// |NPV| ≤ 1e-9 × Σ|amount|. If Newton stalls, leaves (MinIRR, MaxIRR] or ends outside the
// tolerance, it falls back to bisection: it scans a grid of rates from MinIRR to MaxIRR, dense
// near zero and doubling outwards, for the first sign change of NPV (the lowest root, the
// conservative choice when flows that change sign more than once have several) and halves that
// bracket, applying the same tolerance. Anything else is ErrNoIRR, including flows that are
// all one sign, because a rate that cannot be found is better reported than guessed.
//
// Zero amounts are ignored; flows may be in any order.
func XIRR(flows []CashFlow) (float64, error) {
	var pos, neg bool
	scale := 0.0
	kept := make([]CashFlow, 0, len(flows))
	for _, f := range flows {
		if math.IsNaN(f.Amount) || math.IsInf(f.Amount, 0) {
			return 0, ErrNoIRR
		}
		if f.Amount == 0 {
			continue
		}
		pos = pos || f.Amount > 0
		neg = neg || f.Amount < 0
		scale += math.Abs(f.Amount)
		kept = append(kept, CashFlow{Date: ToDate(f.Date), Amount: f.Amount})
	}
	if !pos || !neg {
		return 0, ErrNoIRR
	}
	if !latest(kept).After(earliest(kept)) {
		return 0, ErrNoIRR // all on one day: NPV does not depend on the rate
	}
	tol := irrTolerance * scale
	df := discounted(kept)
	if r, ok := df.newton(tol); ok {
		return r, nil
	}
	if r, ok := df.bisect(tol); ok {
		return r, nil
	}
	return 0, ErrNoIRR
}

// yearFlows holds flows as amounts and their times in years from the earliest flow, worked out
// once so each NPV evaluation is plain arithmetic.
type yearFlows struct {
	amounts, years []float64
}

func discounted(flows []CashFlow) yearFlows {
	t0 := earliest(flows)
	yf := yearFlows{amounts: make([]float64, len(flows)), years: make([]float64, len(flows))}
	for i, f := range flows {
		yf.amounts[i] = f.Amount
		yf.years[i] = float64(DaysBetween(t0, f.Date)) / 365
	}
	return yf
}

// npv returns the NPV at rate and its derivative with respect to rate.
func (yf yearFlows) npv(rate float64) (npv, slope float64) {
	base := 1 + rate
	for i, a := range yf.amounts {
		disc := math.Pow(base, -yf.years[i])
		npv += a * disc
		slope -= yf.years[i] * a * disc / base
	}
	return npv, slope
}

// newton iterates until the step is negligible, not merely until |NPV| is within tolerance:
// when one large flow dominates, NPV is flat near the root and an NPV-only test would stop
// well short of the rate. The tolerance then decides whether the point reached is a root.
func (yf yearFlows) newton(tol float64) (float64, bool) {
	r := 0.1
	for range 100 {
		npv, slope := yf.npv(r)
		if math.IsNaN(npv) || math.IsInf(npv, 0) {
			return 0, false
		}
		if npv == 0 {
			return r, true
		}
		if slope == 0 || math.IsNaN(slope) || math.IsInf(slope, 0) {
			return r, math.Abs(npv) <= tol
		}
		next := r - npv/slope
		if next <= MinIRR || next > MaxIRR || math.IsNaN(next) {
			return r, math.Abs(npv) <= tol
		}
		if math.Abs(next-r) <= stepTolerance*math.Max(1, math.Abs(r)) {
			f, _ := yf.npv(next)
			return next, math.Abs(f) <= tol
		}
		r = next
	}
	f, _ := yf.npv(r)
	return r, math.Abs(f) <= tol
}

// bisect is the fallback solver: a grid scan for a bracket, then halve.
func (yf yearFlows) bisect(tol float64) (float64, bool) {
	// The grid is dense near zero, where real returns live, and doubles outwards.
	grid := []float64{MinIRR, -0.999, -0.99, -0.95, -0.9, -0.8, -0.6, -0.4, -0.2, -0.1, 0, 0.1, 0.25, 0.5}
	for r := 1.0; r < MaxIRR; r *= 2 {
		grid = append(grid, r)
	}
	grid = append(grid, MaxIRR)

	// A grid point merely within tolerance is kept as a last resort, not returned at once: where
	// NPV is flat it can sit far from the root that a sign change would pin down.
	lo, flo := math.NaN(), math.NaN()
	near, haveNear := 0.0, false
	for _, r := range grid {
		f, _ := yf.npv(r)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			lo, flo = math.NaN(), math.NaN()
			continue
		}
		if f == 0 {
			return r, true
		}
		if !math.IsNaN(flo) && (f > 0) != (flo > 0) {
			return yf.halve(tol, lo, r, flo)
		}
		if !haveNear && math.Abs(f) <= tol {
			near, haveNear = r, true // a root that touches zero without crossing
		}
		lo, flo = r, f
	}
	return near, haveNear
}

// halve bisects [lo, hi], where NPV changes sign, down to a bracket of stepTolerance (for the
// reason given on newton), then applies the NPV tolerance.
func (yf yearFlows) halve(tol, lo, hi, flo float64) (float64, bool) {
	for range 300 {
		mid := lo + (hi-lo)/2
		f, _ := yf.npv(mid)
		if f == 0 || hi-lo <= stepTolerance*math.Max(1, math.Abs(mid)) || mid == lo || mid == hi {
			return mid, math.Abs(f) <= tol
		}
		if (f > 0) == (flo > 0) {
			lo, flo = mid, f
		} else {
			hi = mid
		}
	}
	return 0, false
}

func earliest(flows []CashFlow) time.Time {
	t := ToDate(flows[0].Date)
	for _, f := range flows[1:] {
		if d := ToDate(f.Date); d.Before(t) {
			t = d
		}
	}
	return t
}

func latest(flows []CashFlow) time.Time {
	t := ToDate(flows[0].Date)
	for _, f := range flows[1:] {
		if d := ToDate(f.Date); d.After(t) {
			t = d
		}
	}
	return t
}
