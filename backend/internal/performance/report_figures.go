package performance

import (
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
)

// Figures are the profit-analysis numbers of a set of accounts over a valuation's range, the
// same that portfolio/profit_analysis/detail answers, for other packages (the valuation
// report, package reports): the movement, income, and the time-weighted and money-weighted
// returns, each with the sentence that says why it is missing when it is.
type Figures struct {
	Movement              calc.Movement
	Income                float64
	TWRR, IRR             *calc.Performance
	TWRRReason, IRRReason string
}

// Measure works out the figures of accountIDs combined over v's range with the profit
// analysis's own rules (measure): nothing is computed here. err is set when the selection
// cannot be valued (a missing exchange rate).
func Measure(v ledger.Valuation, accountIDs []int64) (Figures, error) {
	f := measure(v, v.Combine(accountIDs), true, true)
	if f.Err != nil {
		return Figures{}, f.Err
	}
	out := Figures{Movement: f.Movement, Income: f.Income, TWRR: f.TWRR, IRR: f.IRR}
	if f.TWRRErr != nil {
		out.TWRRReason = reason(f.TWRRErr)
	}
	if f.IRRErr != nil {
		out.IRRReason = reason(f.IRRErr)
	}
	return out, nil
}
