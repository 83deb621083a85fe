package ledger

import (
	"context"
	"slices"
	"time"

	"wealthportal/backend/internal/calc"
)

// ratesMemoKey names, in a Memo, the rate tables the batch has read so far ([]ratesEntry).
type ratesMemoKey struct{}

// ratesEntry is a rate table read for a set of currencies over a range.
type ratesEntry struct {
	codes      []string // normalised and sorted, as LoadRates reads them
	start, end time.Time
	table      *calc.RateTable
}

// covers says whether e's table converts exactly as one read for codes over start..end would:
// its currencies include them, and its range starts no later and ends no earlier (every rate
// on or after the last one before start is in it). Extra currencies add pairs never asked
// for, except GBX, whose rates LoadRates restates onto GBP pairs: a table holding GBX serves
// only a set holding it too.
func (e ratesEntry) covers(codes []string, start, end time.Time) bool {
	if e.start.After(start) || e.end.Before(end) {
		return false
	}
	for _, c := range codes {
		if _, ok := slices.BinarySearch(e.codes, c); !ok {
			return false
		}
	}
	if _, gbx := slices.BinarySearch(e.codes, calc.GBX); gbx {
		_, needed := slices.BinarySearch(codes, calc.GBX)
		return needed
	}
	return true
}

// rateCodes is the set of currencies LoadRates reads rates between, sorted.
func rateCodes(currencies []string) []string {
	var out []string
	for _, c := range currencies {
		if c = normCurrency(c); c != "" {
			out = append(out, c)
		}
	}
	if slices.Contains(out, calc.GBX) {
		out = append(out, calc.GBP)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// rates is the rate table of currencies over rng. With a memo (a batch) a table an earlier
// valuation of the batch read is used when it covers them: the dashboard's profit analysis
// and its chart series convert the same accounts over nested ranges. Rates are written only
// by imports (firmdata), never by a platform route, so no item of the batch can change them
// between two reads.
func (d *Days) rates(ctx context.Context, currencies []string, rng calc.DateRange) (*calc.RateTable, error) {
	codes := rateCodes(currencies)
	if d.memo == nil {
		return d.reader().LoadRateTable(ctx, codes, rng.Start, rng.End)
	}
	var kept []ratesEntry
	if v, ok := d.memo.Load(ratesMemoKey{}); ok {
		kept = v.([]ratesEntry)
	}
	for _, e := range kept {
		if e.covers(codes, rng.Start, rng.End) {
			return e.table, nil
		}
	}
	table, err := d.reader().LoadRateTable(ctx, codes, rng.Start, rng.End)
	if err != nil {
		return nil, err
	}
	d.memo.Store(ratesMemoKey{}, append(slices.Clip(kept), ratesEntry{codes: codes, start: rng.Start, end: rng.End, table: table}))
	return table, nil
}
