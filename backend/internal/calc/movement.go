package calc

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// ProfitAnalysisType is the site's choice of performance measure (spec 2 §5).
type ProfitAnalysisType string

// The profit analysis types of spec 2 §5 and spec 3 §9.
const (
	ProfitAnalysisTWRR ProfitAnalysisType = "twrr"
	ProfitAnalysisIRR  ProfitAnalysisType = "irr"
	ProfitAnalysisNone ProfitAnalysisType = "none"
)

// ParseProfitAnalysisType reads the site setting: twrr, irr or none in any case (surrounding
// space ignored); anything else, including blank, is twrr, the default of spec 2 §5 and §9.
func ParseProfitAnalysisType(s string) ProfitAnalysisType {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "irr":
		return ProfitAnalysisIRR
	case "none":
		return ProfitAnalysisNone
	}
	return ProfitAnalysisTWRR
}

// Movement is the value side of a date range: what the dashboard's Total value and Value of
// change tiles show (spec 2 §2.1, §2.3).
type Movement struct {
	Start, End time.Time
	// StartValue is the closing value at Start, carried forward from the last valuation on or
	// before it (0 when the account had none). EndValue likewise at End.
	StartValue, EndValue float64
	// Contributions is the sum of positive flows and Withdrawals the sum of negative flows (a
	// negative number) dated after Start up to End; flows on Start are inside StartValue.
	Contributions, Withdrawals float64
	// NetFlows is Contributions + Withdrawals.
	NetFlows float64
	// Change is EndValue − StartValue: the Value of change tile, which "includes contributions
	// and withdrawals" (spec 2 §2.1).
	Change float64
	// InvestmentGain is Change − NetFlows: what the investments themselves earned.
	InvestmentGain float64
}

// ComputeMovement works out the Movement of an account (or an aggregate series) over r, with
// the same conventions as TWRR (values need not be sorted; missing days carry the last value
// forward). It returns ErrNoData when there is no valuation on or before r.End and
// ErrInvalidSeries for bad input.
func ComputeMovement(values []Point, flows []Flow, r DateRange) (Movement, error) {
	start, end := ToDate(r.Start), ToDate(r.End)
	if end.Before(start) {
		return Movement{}, fmt.Errorf("%w: range ends %s before it starts %s", ErrInvalidSeries, FormatDate(end), FormatDate(start))
	}
	vals, err := sortedValues(values)
	if err != nil {
		return Movement{}, err
	}
	byDay, err := flowsByDay(flows)
	if err != nil {
		return Movement{}, err
	}
	m := Movement{Start: start, End: end}
	found := false
	for _, v := range vals {
		if v.Date.After(end) {
			break
		}
		found = true
		m.EndValue = v.Value
		if !v.Date.After(start) {
			m.StartValue = v.Value
		}
	}
	if !found {
		return Movement{}, ErrNoData
	}
	for _, f := range byDay {
		if !f.date.After(start) || f.date.After(end) {
			continue
		}
		if f.amount > 0 {
			m.Contributions += f.amount
		} else {
			m.Withdrawals += f.amount
		}
	}
	m.NetFlows = m.Contributions + m.Withdrawals
	m.Change = m.EndValue - m.StartValue
	m.InvestmentGain = m.Change - m.NetFlows
	return m, nil
}

// IRRCashFlows turns a range's values and flows into the investor's cash flows for XIRR: the
// start value as money paid in at Start, each flow after Start with its sign reversed (a
// contribution is money the investor pays in), and the end value as money received at End,
// even when it is zero (nothing back at the end is what makes a total loss). Flows on days
// that net to zero, and a zero start value, are left out.
func IRRCashFlows(m Movement, flows []Flow) []CashFlow {
	var out []CashFlow
	if m.StartValue != 0 {
		out = append(out, CashFlow{Date: m.Start, Amount: -m.StartValue})
	}
	// Net per day by hand rather than with flowsByDay, which rejects a non-finite amount: here
	// it must reach XIRR, which then reports ErrNoIRR instead of a rate that silently
	// ignored a flow.
	var byDay []dayFlow
	for _, f := range flows {
		if d := ToDate(f.Date); d.After(m.Start) && !d.After(m.End) {
			byDay = append(byDay, dayFlow{date: d, amount: f.Amount})
		}
	}
	slices.SortStableFunc(byDay, func(a, b dayFlow) int { return a.date.Compare(b.date) })
	for i, f := range byDay {
		if i+1 < len(byDay) && byDay[i+1].date.Equal(f.date) {
			byDay[i+1].amount += f.amount // carry into the day's last entry
			continue
		}
		if f.amount != 0 {
			out = append(out, CashFlow{Date: f.date, Amount: -f.amount})
		}
	}
	return append(out, CashFlow{Date: m.End, Amount: m.EndValue})
}

// Performance is the Performance tile's figure for a range (spec 2 §2.1, §2.3).
type Performance struct {
	Type ProfitAnalysisType
	// Available is false for profit analysis None: the tile and column are hidden.
	Available bool
	// Return is the cumulative return over the measured period, a fraction. For IRR it is the
	// period equivalent of the annual rate, (1+IRR)^(days/365) − 1, so both types read alike.
	Return float64
	// Annualised is the annual rate when the period is longer than a year, else Return
	// (see Annualise). For IRR over more than a year it is the XIRR itself.
	Annualised float64
	// Start and End bound the measured period: where the money was first at work, to the end.
	Start, End time.Time
}

// ComputePerformance measures the range with the site's profit analysis type: TWRR chain-links
// daily returns; IRR solves XIRR over IRRCashFlows; None returns an unavailable Performance
// and no error. Any other value is measured as TWRR, as ParseProfitAnalysisType would read it. Errors are those of TWRR, ComputeMovement and XIRR (ErrNoIRR).
func ComputePerformance(t ProfitAnalysisType, values []Point, flows []Flow, r DateRange) (Performance, error) {
	switch t {
	case ProfitAnalysisNone:
		return Performance{Type: t}, nil
	case ProfitAnalysisIRR:
		m, err := ComputeMovement(values, flows, r)
		if err != nil {
			return Performance{}, err
		}
		cfs := IRRCashFlows(m, flows)
		x, err := XIRRLog(cfs)
		if err != nil {
			return Performance{}, err
		}
		var start time.Time // where the money was first at work: the first non-zero flow
		for _, f := range cfs {
			if d := ToDate(f.Date); f.Amount != 0 && (start.IsZero() || d.Before(start)) {
				start = d
			}
		}
		// From the log-rate, so a short period's enormous annual rate never has to be held:
		// (1+XIRR)^(days/365) − 1 = e^(x·days/365) − 1. A total loss (x = −Inf) is −1.
		days := DaysBetween(start, m.End)
		cum := math.Expm1(x * float64(days) / 365)
		annual := cum
		if ToDate(m.End).After(AddYearsClamped(start, 1)) {
			annual = math.Expm1(x)
		}
		if math.IsInf(annual, 1) || math.IsInf(cum, 1) {
			return Performance{}, errIRRTooLarge
		}
		return Performance{Type: t, Available: true, Return: cum, Annualised: annual, Start: start, End: m.End}, nil
	default:
		res, err := TWRR(values, flows, r.Start, r.End)
		if err != nil {
			return Performance{}, err
		}
		return Performance{Type: ProfitAnalysisTWRR, Available: true, Return: res.Return, Annualised: res.Annualised(), Start: res.Start, End: res.End}, nil
	}
}
