package calc

import (
	"errors"
	"math"
	"time"
)

// ErrNoIRR reports cash flows that have no internal rate of return. Errors from XIRR that
// match it with errors.Is are *IRRError values, which say why.
var ErrNoIRR = errors.New("cannot compute IRR")

// IRRError says why cash flows have no internal rate of return, in words shown to the user as
// they stand. errors.Is(err, ErrNoIRR) holds for it.
type IRRError struct{ Reason string }

// Error is the reason, as the user reads it.
func (e *IRRError) Error() string { return e.Reason }

// Is makes an IRRError match ErrNoIRR.
func (e *IRRError) Is(target error) bool { return target == ErrNoIRR }

// The reasons XIRR gives. Each is true of the flows it is given for.
var (
	errIRRNotANumber = &IRRError{"The internal rate of return cannot be calculated: a cash flow is not a number."}
	errIRRNoFlows    = &IRRError{"The internal rate of return cannot be calculated: no money was invested or taken out in this period."}
	errIRROnlyOut    = &IRRError{"The internal rate of return cannot be calculated: money was only taken out, never paid in."}
	errIRROnlyIn     = &IRRError{"The internal rate of return cannot be calculated: money was only paid in and the value at the end is below zero."}
	errIRROneDay     = &IRRError{"The internal rate of return cannot be calculated: all the cash flows fall on one day, so no rate changes their value."}
	errIRRNoRoot     = &IRRError{"The internal rate of return cannot be calculated for these cash flows: no rate makes their net present value zero."}
	errIRRTooLarge   = &IRRError{"The internal rate of return cannot be shown: as an annual rate it is too large to express."}
)

// CashFlow is a dated cash flow seen from the investor: money paid into the investment is
// negative, money taken out (and a closing value) is positive.
type CashFlow struct {
	Date   time.Time
	Amount float64
}

// irrTolerance is the NPV accepted as zero, relative to the sum of the discounted |amounts|,
// so the test is the same for a £10 account and a £10m one, and at any rate.
const irrTolerance = 1e-9

// stepTolerance is the relative change in the rate below which the solvers stop refining.
const stepTolerance = 1e-13

// XNPV is the net present value of flows at an annual rate, discounting each flow by
// (1+rate)^(days/365) from the earliest flow's date (Actual/365, as spreadsheet XNPV).
func XNPV(rate float64, flows []CashFlow) float64 {
	if len(flows) == 0 {
		return 0
	}
	yf := discounted(flows)
	npv := 0.0
	for i, a := range yf.amounts {
		npv += a * math.Pow(1+rate, -yf.years[i])
	}
	return npv
}

// XIRR is the annual rate at which the flows' XNPV is zero (Actual/365): math.Expm1 of
// XIRRLog. A total loss is −1 (−100%); a rate too large for a float64 is +Inf.
func XIRR(flows []CashFlow) (float64, error) {
	x, err := XIRRLog(flows)
	if err != nil {
		return 0, err
	}
	return math.Expm1(x), nil
}

// XIRRLog is ln(1 + XIRR): the continuously compounded annual rate at which the flows' XNPV is
// zero. Solving for it rather than for the rate has no bracket to fall out of: every real
// number is a rate above −100%, so very short periods (where a modest gain is an enormous
// annual rate) and near-total losses (a rate a hair above −100%) are solved like any other.
//
//   - Zero amounts do not count, but their dates do: a zero closing value after money paid in
//     and nothing taken out is a total loss, −100%, returned as −Inf.
//   - Otherwise it runs Newton's method from 10% until the step is negligible and accepts the
//     point if there |NPV| ≤ 1e-9 × Σ|discounted amount|. If Newton fails it scans a wide grid
//     of rates, from (1+r)^span = e^−10⁶ up to e^+10⁶, for the first sign change of NPV (the
//     lowest root, the conservative choice when flows that change sign more than once have
//     several) and halves that bracket.
//   - It fails only when there is no root, with an *IRRError (errors.Is ErrNoIRR) that says
//     why: no flows, a flow that is not a number, flows all one way, all on one day, or no rate
//     making the NPV zero.
//
// Flows may be in any order.
func XIRRLog(flows []CashFlow) (float64, error) {
	var pos, neg bool
	var kept []CashFlow
	var horizon, lastZero time.Time
	for _, f := range flows {
		if math.IsNaN(f.Amount) || math.IsInf(f.Amount, 0) {
			return 0, errIRRNotANumber
		}
		d := ToDate(f.Date)
		if d.After(horizon) {
			horizon = d
		}
		if f.Amount == 0 {
			if d.After(lastZero) {
				lastZero = d
			}
			continue
		}
		pos = pos || f.Amount > 0
		neg = neg || f.Amount < 0
		kept = append(kept, CashFlow{Date: ToDate(f.Date), Amount: f.Amount})
	}
	switch {
	case len(kept) == 0:
		return 0, errIRRNoFlows
	case !neg:
		return 0, errIRROnlyOut
	case !pos && lastZero.Equal(horizon):
		// Money paid in, nothing ever back, and a zero value at the end: all of it lost.
		return math.Inf(-1), nil
	case !pos:
		return 0, errIRROnlyIn
	case !latest(kept).After(earliest(kept)):
		return 0, errIRROneDay
	}
	yf := discounted(kept)
	if x, ok := yf.newton(); ok {
		return x, nil
	}
	if x, ok := yf.scan(); ok {
		return x, nil
	}
	return 0, errIRRNoRoot
}

// yearFlows holds flows as amounts and their times in years from the earliest flow, worked out
// once so each NPV evaluation is plain arithmetic.
type yearFlows struct {
	amounts, years []float64
	span           float64 // the latest time
}

func discounted(flows []CashFlow) yearFlows {
	t0 := earliest(flows)
	yf := yearFlows{amounts: make([]float64, len(flows)), years: make([]float64, len(flows))}
	for i, f := range flows {
		yf.amounts[i] = f.Amount
		yf.years[i] = float64(DaysBetween(t0, f.Date)) / 365
		yf.span = math.Max(yf.span, yf.years[i])
	}
	return yf
}

// at evaluates the NPV at log-rate x, scaled by a positive factor so no exponent overflows:
// discounted to the first flow when x ≥ 0, compounded to the last when x < 0. It returns the
// scaled NPV, its derivative in x and the scaled Σ|amount| (for the tolerance). The sign, and
// so every root, is the NPV's.
func (yf yearFlows) at(x float64) (npv, slope, size float64) {
	shift := 0.0
	if x < 0 {
		shift = yf.span
	}
	for i, a := range yf.amounts {
		t := yf.years[i] - shift
		disc := math.Exp(-x * t)
		npv += a * disc
		slope -= t * a * disc
		size += math.Abs(a) * disc
	}
	return npv, slope, size
}

// root reports whether the NPV at x is zero within the tolerance.
func (yf yearFlows) root(x float64) bool {
	npv, _, size := yf.at(x)
	return math.Abs(npv) <= irrTolerance*size
}

// newton iterates from 10% until the step is negligible, not merely until |NPV| is within
// tolerance: when one large flow dominates, NPV is flat near the root and an NPV-only test
// would stop well short of the rate. The tolerance then decides whether the point is a root.
// A step is limited to a factor of e^5 over the flows' span, so a flat stretch cannot throw
// the search to a rate it cannot come back from.
func (yf yearFlows) newton() (float64, bool) {
	x := math.Log1p(0.1)
	maxStep := 5 / yf.span
	for range 200 {
		npv, slope, _ := yf.at(x)
		if npv == 0 {
			return x, true
		}
		if slope == 0 || math.IsNaN(slope) || math.IsInf(slope, 0) || math.IsNaN(npv) {
			return x, yf.root(x)
		}
		step := max(-maxStep, min(maxStep, npv/slope))
		next := x - step
		if math.Abs(next-x) <= stepTolerance*math.Max(1, math.Abs(x)) {
			return next, yf.root(next)
		}
		x = next
	}
	return x, yf.root(x)
}

// scan is the fallback: the lowest sign change of NPV on a grid of log-rates, halved down to a
// bracket of stepTolerance. The grid is in growth over the span (x × span), dense near zero
// and doubling outwards to ±10⁶, far past where the earliest or the latest flow decides the
// sign on its own.
func (yf yearFlows) scan() (float64, bool) {
	var grid []float64
	for g := 1e-4; g <= 1e6; g *= 2 {
		grid = append(grid, -g)
	}
	for i, j := 0, len(grid)-1; i < j; i, j = i+1, j-1 {
		grid[i], grid[j] = grid[j], grid[i]
	}
	grid = append(grid, 0)
	for g := 1e-4; g <= 1e6; g *= 2 {
		grid = append(grid, g)
	}
	// A grid point merely within tolerance is kept as a last resort: where NPV is flat it can
	// sit far from the root that a sign change would pin down.
	lo, flo := math.NaN(), math.NaN()
	near, haveNear := 0.0, false
	for _, g := range grid {
		x := g / yf.span
		f, _, size := yf.at(x)
		if f == 0 {
			return x, true
		}
		if !math.IsNaN(flo) && (f > 0) != (flo > 0) {
			return yf.halve(lo, x, flo), true
		}
		if !haveNear && math.Abs(f) <= irrTolerance*size {
			near, haveNear = x, true // a root that touches zero without crossing
		}
		lo, flo = x, f
	}
	return near, haveNear
}

// halve bisects [lo, hi], where NPV changes sign (flo is its sign at lo), down to a bracket
// of stepTolerance. A sign change brackets a root, so the midpoint is one to that precision.
func (yf yearFlows) halve(lo, hi, flo float64) float64 {
	for range 2000 {
		mid := lo + (hi-lo)/2
		if hi-lo <= stepTolerance*math.Max(1, math.Abs(mid)) || mid == lo || mid == hi {
			return mid
		}
		f, _, _ := yf.at(mid)
		if f == 0 {
			return mid
		}
		if (f > 0) == (flo > 0) {
			lo, flo = mid, f
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
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
