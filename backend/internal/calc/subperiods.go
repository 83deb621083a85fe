package calc

import "time"

// SubPeriod is one link of the TWRR chain: the return from the close of Start to the close of
// End (consecutive valuations, so one day when the series has every calendar day).
type SubPeriod struct {
	Start, End time.Time
	// StartValue is the close at Start, EndValue the close at End and Flow the net external
	// flow dated after Start up to End (contributions positive).
	StartValue, Flow, EndValue float64
	// Return is the link's return r_t as TWRR defines it (0 when StartValue is not above zero:
	// no capital to measure on), a fraction.
	Return float64
	// Cumulative is ∏(1+r) − 1 from the chain's start up to End: the TWRR at End.
	Cumulative float64
}

// TWRRSubPeriods is TWRR with the links its chain was made of, in date order: the same
// computation, so the last link's Cumulative is the result's Return to the bit. A chain that
// starts at the range end (or at a close after which nothing was valued) has no links.
func TWRRSubPeriods(values []Point, flows []Flow, from, to time.Time) (TWRRResult, []SubPeriod, error) {
	links := []SubPeriod{}
	res, err := chainLink(values, flows, from, to, func(s SubPeriod) { links = append(links, s) })
	if err != nil {
		return TWRRResult{}, nil, err
	}
	return res, links, nil
}
