package performance

import (
	"errors"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
)

// reasonNoData is given beside a return that is null because the selection held nothing.
const reasonNoData = "No data available for this selection"

// figures are the profit-analysis numbers of one account, portfolio, group or total, unrounded.
type figures struct {
	// Err is set when the selection could not be valued (a missing exchange rate); every
	// other field is then empty.
	Err      error
	Movement calc.Movement
	Income   float64
	// TWRR and IRR are measured when asked for; their errors say why one is missing
	// (calc.ErrNoData, calc.ErrNoIRR).
	TWRR, IRR       *calc.Performance
	TWRRErr, IRRErr error
}

// measure works out the figures of a series over the valuation's range with calc: the
// movement, income after the start date, the time-weighted return by daily chain-linking and
// the money-weighted return (XIRR).
func measure(v ledger.Valuation, s ledger.Series, withTWRR, withIRR bool) figures {
	if s.Err != nil {
		return figures{Err: s.Err}
	}
	values, flows := v.Points(s), v.Flows(s)
	var f figures
	m, err := calc.ComputeMovement(values, flows, v.Range)
	if err != nil && !errors.Is(err, calc.ErrNoData) {
		return figures{Err: err}
	}
	f.Movement = m
	for i := 1; i < len(s.Income); i++ {
		f.Income += s.Income[i]
	}
	if withTWRR {
		p, err := calc.ComputePerformance(calc.ProfitAnalysisTWRR, values, flows, v.Range)
		f.TWRR, f.TWRRErr = perfOrNil(p, err)
	}
	if withIRR {
		p, err := calc.ComputePerformance(calc.ProfitAnalysisIRR, values, flows, v.Range)
		f.IRR, f.IRRErr = perfOrNil(p, err)
	}
	return f
}

func perfOrNil(p calc.Performance, err error) (*calc.Performance, error) {
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// reason is the text shown beside a return that could not be worked out: calc's own words for
// why (an *IRRError or *ReturnError says so in a sentence meant for the user).
func reason(err error) string {
	var irr *calc.IRRError
	var ret *calc.ReturnError
	switch {
	case errors.As(err, &irr):
		return irr.Reason
	case errors.As(err, &ret):
		return ret.Reason
	case errors.Is(err, calc.ErrNoData):
		return reasonNoData
	}
	return err.Error()
}
