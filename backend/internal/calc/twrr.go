package calc

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"
)

// ErrNoData reports a range with nothing to measure: the account holds nothing at the range
// start or on any valuation day up to its end. Its text is the chart's empty message of
// spec 2 §8, capitalised because it is shown as it stands.
var ErrNoData = errors.New("No data available for this selection")

// ErrInvalidSeries reports input a return cannot be computed from (two valuations on one day,
// a range ending before it starts, a non-finite number). The wrapped text says which.
var ErrInvalidSeries = errors.New("invalid series")

// ErrNotComputable reports a return that cannot be computed from the data. Errors matching it
// with errors.Is are *ReturnError values, which say why.
var ErrNotComputable = errors.New("return not computable")

// ReturnError says why a return cannot be computed, in words shown to the user as they stand.
// errors.Is(err, ErrNotComputable) holds for it.
type ReturnError struct{ Reason string }

// Error is the reason, as the user reads it.
func (e *ReturnError) Error() string { return e.Reason }

// Is makes a ReturnError match ErrNotComputable.
func (e *ReturnError) Is(target error) bool { return target == ErrNotComputable }

// negativeTolerance is how far below zero a value may be and still count as zero: summing
// converted amounts leaves float residue of about 1e-12 of their size, which is not an
// overdrawn account.
func negativeTolerance(prev, flow float64) float64 {
	return math.Max(1e-6, 1e-12*math.Max(math.Abs(prev), math.Abs(flow)))
}

// Point is one dated number: a closing market value in a valuation series, or a cumulative
// return in a performance series.
type Point struct {
	Date  time.Time
	Value float64
}

// Flow is an external cash flow seen from the account: positive is a contribution, negative a
// withdrawal. Income and trades inside the account are not flows; they are part of the return.
type Flow struct {
	Date   time.Time
	Amount float64
}

// TWRRResult is a time-weighted return over a range.
type TWRRResult struct {
	// Return is the cumulative return over [Start, End]: ∏(1+r_t) − 1, a fraction.
	Return float64
	// Start is the base date, whose closing value the return is measured from: the range start,
	// or the first funded day when the account held nothing at the range start.
	Start time.Time
	// End is the date of the last valuation used (on or before the range end).
	End time.Time
	// Series is the cumulative return at Start (0) and at each later valuation up to End, for
	// the percentage chart; sample it with Sample.
	Series []Point
}

// Days is the length of the measured period in days.
func (r TWRRResult) Days() int { return DaysBetween(r.Start, r.End) }

// Annualised is Return annualised over the measured period (see Annualise).
func (r TWRRResult) Annualised() float64 { return Annualise(r.Return, r.Start, r.End) }

// TWRR chain-links daily returns over the range [from, to] (spec 2 §2.3, performance of the
// underlying assets, so that the timing of contributions and withdrawals does not count).
//
// The daily return. For a valuation day t with previous valuation t−1 and F_t the net flow
// dated t, valued at the day's close (docs/performance.md):
//
//	F_t ≥ 0 (money in):   r_t = V_t / (V_{t−1} + F_t) − 1
//	F_t < 0 (money out):  r_t = (V_t − F_t) / V_{t−1} − 1
//
// Money coming in is taken to arrive at the start of the day and earns the day's return;
// money going out leaves at the end of the day, after earning it. Both denominators are at
// least the previous close, and both numerators are the day's close plus anything taken out,
// so while the values are not negative a day's return is never below −100% and a flow that is
// large against the previous close (a transfer into a nearly empty account) cannot blow the
// ratio up: it only dilutes the day's return, as it should.
//
// Missing days. values is the caller's series and need not have every calendar day: a day
// without a valuation carries the last value forward (weekends, holidays), so its return is 0.
// A flow dated on a day without a valuation is applied with the next valuation, because that is
// the first close that can reflect it. Supply a valuation on every day with a flow for exact
// daily attribution.
//
// Range. The base is the last valuation on or before from; flows on or before from are inside
// that base and flows after to are ignored. values need not be sorted; flows may be in any
// order and several on one day are summed.
//
// Unfunded days. A day whose previous value is zero has no capital to measure a return on and
// is skipped, with r_t = 0. So an account that starts empty begins its period on the first day
// with a value — that day's close is the base and Start moves to it — and an account withdrawn
// to 0 and funded again later carries its cumulative return unchanged across the empty days.
//
// It returns ErrNoData when the account holds nothing at from nor at any valuation up to to,
// ErrNotComputable (a *ReturnError saying why) when a value after the base is negative, since
// a return on a negative capital has no meaning and clamping it would hide that, and
// ErrInvalidSeries for two valuations on one day, to before from or a non-finite number.
func TWRR(values []Point, flows []Flow, from, to time.Time) (TWRRResult, error) {
	return chainLink(values, flows, from, to, nil)
}

// chainLink is TWRR; visit, when not nil, is given every link of the chain as it is made.
func chainLink(values []Point, flows []Flow, from, to time.Time, visit func(SubPeriod)) (TWRRResult, error) {
	from, to = ToDate(from), ToDate(to)
	if to.Before(from) {
		return TWRRResult{}, fmt.Errorf("%w: range ends %s before it starts %s", ErrInvalidSeries, FormatDate(to), FormatDate(from))
	}
	vals, err := sortedValues(values)
	if err != nil {
		return TWRRResult{}, err
	}
	flowAt, err := flowsByDay(flows)
	if err != nil {
		return TWRRResult{}, err
	}

	// base is the index of the last valuation on or before from; -1 when the series starts
	// later (the account is unfunded at from).
	base := -1
	for i, v := range vals {
		if v.Date.After(from) {
			break
		}
		base = i
	}

	var (
		res      TWRRResult
		started  bool
		growth   = 1.0 // ∏(1+r_t)
		prevVal  float64
		prevDate = from
	)
	if base >= 0 {
		prevVal = vals[base].Value
		if prevVal > 0 {
			started = true
			res.Start, res.End = from, from
			res.Series = append(res.Series, Point{Date: from, Value: 0})
		}
	}
	for _, v := range vals[base+1:] {
		if v.Date.After(to) {
			break
		}
		f := sumFlows(flowAt, prevDate, v.Date)
		if !started {
			// Not yet funded: this close becomes the base once it holds something.
			if v.Value > 0 {
				started = true
				res.Start, res.End = v.Date, v.Date
				res.Series = append(res.Series, Point{Date: v.Date, Value: 0})
			}
			prevVal, prevDate = v.Value, v.Date
			continue
		}
		if v.Value < -negativeTolerance(prevVal, f) {
			return TWRRResult{}, &ReturnError{Reason: "The time-weighted return cannot be calculated: the value is below zero on " + FormatDate(v.Date) + "."}
		}
		factor := 1.0
		if prevVal > 0 {
			if f >= 0 {
				factor = v.Value / (prevVal + f)
			} else {
				factor = (v.Value - f) / prevVal
			}
			growth *= factor
		}
		res.End = v.Date
		res.Series = append(res.Series, Point{Date: v.Date, Value: growth - 1})
		if visit != nil {
			visit(SubPeriod{Start: prevDate, End: v.Date, StartValue: prevVal, Flow: f, EndValue: v.Value, Return: factor - 1, Cumulative: growth - 1})
		}
		prevVal, prevDate = v.Value, v.Date
	}
	if !started {
		return TWRRResult{}, ErrNoData
	}
	res.Return = growth - 1
	return res, nil
}

// Annualise turns a cumulative return over [start, end] into an annual rate,
// (1+R)^(365/days) − 1 on an Actual/365 basis, but only when the period is longer than one
// calendar year (end after start plus one year). A shorter period returns R unchanged:
// annualising a few months' return would extrapolate luck into a yearly figure, which
// performance standards forbid. A total loss (R = −1) stays −1; R < −1 gives NaN.
func Annualise(r float64, start, end time.Time) float64 {
	if !ToDate(end).After(AddYearsClamped(start, 1)) {
		return r
	}
	days := DaysBetween(start, end)
	return math.Pow(1+r, 365/float64(days)) - 1
}

// sortedValues copies values into date order, on civil dates, rejecting duplicates and
// non-finite values so a bad feed fails loudly instead of producing a plausible wrong return.
func sortedValues(values []Point) ([]Point, error) {
	out := make([]Point, len(values))
	for i, v := range values {
		if math.IsNaN(v.Value) || math.IsInf(v.Value, 0) {
			return nil, fmt.Errorf("%w: value on %s is not a number", ErrInvalidSeries, FormatDate(v.Date))
		}
		out[i] = Point{Date: ToDate(v.Date), Value: v.Value}
	}
	slices.SortStableFunc(out, func(a, b Point) int { return a.Date.Compare(b.Date) })
	for i := 1; i < len(out); i++ {
		if out[i].Date.Equal(out[i-1].Date) {
			return nil, fmt.Errorf("%w: two valuations on %s", ErrInvalidSeries, FormatDate(out[i].Date))
		}
	}
	return out, nil
}

// dayFlow is the net external flow of one civil day.
type dayFlow struct {
	date   time.Time
	amount float64
}

// flowsByDay nets flows per civil day, in date order.
func flowsByDay(flows []Flow) ([]dayFlow, error) {
	out := make([]dayFlow, 0, len(flows))
	for _, f := range flows {
		if math.IsNaN(f.Amount) || math.IsInf(f.Amount, 0) {
			return nil, fmt.Errorf("%w: flow on %s is not a number", ErrInvalidSeries, FormatDate(f.Date))
		}
		out = append(out, dayFlow{date: ToDate(f.Date), amount: f.Amount})
	}
	slices.SortStableFunc(out, func(a, b dayFlow) int { return a.date.Compare(b.date) })
	merged := out[:0]
	for _, f := range out {
		if n := len(merged); n > 0 && merged[n-1].date.Equal(f.date) {
			merged[n-1].amount += f.amount
			continue
		}
		merged = append(merged, f)
	}
	return merged, nil
}

// sumFlows adds the flows dated in (after, upTo]. flows is sorted, so a binary search finds the
// window and a long series stays O(n log m).
func sumFlows(flows []dayFlow, after, upTo time.Time) float64 {
	i, _ := slices.BinarySearchFunc(flows, after, func(f dayFlow, t time.Time) int {
		if f.date.After(t) {
			return 1
		}
		return -1 // on or before after: keep searching right
	})
	total := 0.0
	for ; i < len(flows) && !flows[i].date.After(upTo); i++ {
		total += flows[i].amount
	}
	return total
}
