package calc

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ErrConversionRateUnavailable reports that no rate converts between two currencies on a date.
// Its text is exactly the message of spec 2 §8, shown to the user as it stands.
var ErrConversionRateUnavailable = errors.New("Conversion rate unavailable")

// ErrInvalidRate reports a rate table entry that cannot be used (a blank currency or a rate
// that is not a positive number).
var ErrInvalidRate = errors.New("invalid exchange rate")

// Currency codes with special handling. GBX is pence sterling: prices of UK securities are
// quoted in it, and 100 GBX = 1 GBP.
const (
	GBP = "GBP"
	GBX = "GBX"
)

// Rate is one published exchange rate: on Date, 1 unit of From buys Rate units of To.
type Rate struct {
	From, To string
	Date     time.Time
	Rate     float64
}

// datedRate is one rate of a pair, held in date order.
type datedRate struct {
	date time.Time
	rate float64
}

// RateTable converts amounts between currencies with published rates. Build it once with
// NewRateTable; it is never modified afterwards, so it is safe to share between requests.
type RateTable struct {
	pairs map[[2]string][]datedRate
}

// NewRateTable indexes rates by pair and date. Codes are upper-cased; a rate quoted against GBX
// is restated against GBP (a GBX→USD rate of 0.0127 is GBP→USD 1.27), so pence need no rates
// of their own. Two rates for one pair on one day keep the later entry, as a re-published rate
// replaces the earlier one.
func NewRateTable(rates []Rate) (*RateTable, error) {
	t := &RateTable{pairs: map[[2]string][]datedRate{}}
	for _, r := range rates {
		from, to := normCode(r.From), normCode(r.To)
		if from == "" || to == "" || !(r.Rate > 0) || math.IsInf(r.Rate, 1) {
			return nil, fmt.Errorf("%w: %s→%s %v on %s", ErrInvalidRate, r.From, r.To, r.Rate, FormatDate(r.Date))
		}
		// 1 GBX buys r, so 1 GBP (100 GBX) buys 100r; r GBX bought is r/100 GBP.
		from, perFrom := toPounds(from)
		to, perTo := toPounds(to)
		rate := r.Rate * perFrom / perTo
		if from == to {
			continue // GBX→GBP says nothing the fixed factor does not
		}
		key := [2]string{from, to}
		t.pairs[key] = append(t.pairs[key], datedRate{date: ToDate(r.Date), rate: rate})
	}
	for k, list := range t.pairs {
		slices.SortStableFunc(list, func(a, b datedRate) int { return a.date.Compare(b.date) })
		dedup := list[:0]
		for _, r := range list {
			if n := len(dedup); n > 0 && dedup[n-1].date.Equal(r.date) {
				dedup[n-1] = r
				continue
			}
			dedup = append(dedup, r)
		}
		t.pairs[k] = dedup
	}
	return t, nil
}

// Rate is how many units of to one unit of from buys on date: the latest published rate on or
// before date, from the pair itself or as the inverse of the opposite pair, whichever was
// published later (the direct pair on a tie). The same currency is 1; GBX counts as GBP/100.
// Rates are not chained through a third currency: a cross rate the firm does not publish is
// reported as unavailable rather than invented. A nil table has no rates.
func (t *RateTable) Rate(from, to string, date time.Time) (float64, error) {
	from, to = normCode(from), normCode(to)
	if from == "" || to == "" {
		return 0, ErrConversionRateUnavailable
	}
	from, fromFactor := toPounds(from)
	to, toFactor := toPounds(to)
	// fromFactor is how many from-units make one of the base currency (100 for GBX).
	if from == to {
		return toFactor / fromFactor, nil
	}
	if t == nil {
		return 0, ErrConversionRateUnavailable
	}
	date = ToDate(date)
	direct, dDate, dOK := latestOnOrBefore(t.pairs[[2]string{from, to}], date)
	inverse, iDate, iOK := latestOnOrBefore(t.pairs[[2]string{to, from}], date)
	var rate float64
	switch {
	case dOK && (!iOK || !iDate.After(dDate)):
		rate = direct
	case iOK:
		rate = 1 / inverse
	default:
		return 0, ErrConversionRateUnavailable
	}
	return rate * toFactor / fromFactor, nil
}

// Convert turns amount in from into to at the rate for date (see Rate).
func (t *RateTable) Convert(amount float64, from, to string, date time.Time) (float64, error) {
	rate, err := t.Rate(from, to, date)
	if err != nil {
		return 0, err
	}
	return amount * rate, nil
}

// FormatFXRate writes a rate with the FX display precision of spec 2 §9 (4 decimals).
func FormatFXRate(rate float64) string {
	return strconv.FormatFloat(Round(rate, FXRateDecimals), 'f', FXRateDecimals, 64)
}

func normCode(c string) string { return strings.ToUpper(strings.TrimSpace(c)) }

// toPounds maps GBX to GBP with the number of GBX in a pound; other codes have factor 1.
func toPounds(code string) (string, float64) {
	if code == GBX {
		return GBP, 100
	}
	return code, 1
}

func latestOnOrBefore(list []datedRate, date time.Time) (float64, time.Time, bool) {
	i, _ := slices.BinarySearchFunc(list, date, func(r datedRate, d time.Time) int {
		if r.date.After(d) {
			return 1
		}
		return -1
	})
	if i == 0 {
		return 0, time.Time{}, false
	}
	return list[i-1].rate, list[i-1].date, true
}
