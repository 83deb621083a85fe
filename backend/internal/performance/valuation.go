package performance

import (
	"context"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
)

// FeeBasis is the fees_and_taxes setting: whether fees and taxes count against performance
// (spec 2 §5, default AfterFeesAndTaxes).
type FeeBasis int

// The fee bases this platform implements (see doc.go for why 4 and 5 are refused).
const (
	BeforeFeesAndTaxes   FeeBasis = 0
	AfterFeesAndTaxes    FeeBasis = 1
	AfterFeesBeforeTaxes FeeBasis = 2
	AfterTaxesBeforeFees FeeBasis = 3
)

// costs is the basis as the ledger applies it: a cost counted "before" is added back as money
// paid from outside the account.
func (b FeeBasis) costs() ledger.Costs {
	return ledger.Costs{
		AddBackFees:  b == BeforeFeesAndTaxes || b == AfterTaxesBeforeFees,
		AddBackTaxes: b == BeforeFeesAndTaxes || b == AfterFeesBeforeTaxes,
	}
}

// valuation values the accounts on every day of rng in currency: from the store's materialised
// days (ledger.Days), or inside a request's transaction from scratch (ledger.Value over
// ledger.Reader.LoadInput, one query per table). Both give the same answer.
func (r reader) valuation(ctx context.Context, accountIDs []int64, rng calc.DateRange, currency string, basis FeeBasis) (ledger.Valuation, error) {
	if r.days != nil {
		return r.days.Value(ctx, accountIDs, rng, currency, basis.costs())
	}
	in, err := ledger.NewReader(r.q, r.rebind).LoadInput(ctx, accountIDs, rng, currency, basis.costs())
	if err != nil {
		return ledger.Valuation{}, err
	}
	return ledger.Value(in), nil
}
