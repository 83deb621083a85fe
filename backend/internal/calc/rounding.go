package calc

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Display precision of spec 2 §9. They are constants, not settings: the spec fixes them.
const (
	MoneyDecimals        = 2 // money amounts
	UnitsDecimals        = 4 // holdings' units
	PercentDecimals      = 2 // percentages, including percent yield (spec 2 §5)
	FXRateDecimals       = 4 // exchange rates
	TotalValueDecimals   = 0 // the Total value tile
	BalanceSheetDecimals = 0 // balance sheet values
)

// Round rounds x to decimals places, half away from zero (2.5 → 3, −2.5 → −3). It rounds the
// shortest decimal that reads back as x rather than x's binary value, so 1.005 (stored as
// 1.00499999…) becomes 1.01 as a person checking the figure expects. A negative decimals is
// taken as 0; NaN and ±Inf come back unchanged.
func Round(x float64, decimals int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	if decimals < 0 {
		decimals = 0
	}
	s := strconv.FormatFloat(math.Abs(x), 'f', -1, 64)
	intPart, frac, _ := strings.Cut(s, ".")
	if len(frac) <= decimals {
		return x // already exact at this precision
	}
	keep := intPart + frac[:decimals]
	roundUp := frac[decimals] >= '5'
	digits := []byte(keep)
	if roundUp {
		i := len(digits) - 1
		for ; i >= 0; i-- {
			if digits[i] == '9' {
				digits[i] = '0'
				continue
			}
			digits[i]++
			break
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		}
	}
	split := len(digits) - decimals
	out := string(digits[:split])
	if decimals > 0 {
		out += "." + string(digits[split:])
	}
	v, err := strconv.ParseFloat(out, 64)
	if err != nil { // unreachable: out is digits with at most one point
		return x
	}
	if x < 0 {
		v = -v
	}
	return v + 0 // + 0 turns a rounded −0 into 0, so "-0.00" is never shown
}

// RoundMoney rounds an amount to MoneyDecimals for presentation.
func RoundMoney(x float64) float64 { return Round(x, MoneyDecimals) }

// RoundPercent rounds percentage points to PercentDecimals for presentation.
func RoundPercent(x float64) float64 { return Round(x, PercentDecimals) }

// FormatNumber writes x with comma thousands separators and exactly decimals places, rounded
// half away from zero (spec 3 §5: numbers show thousands separators and a chosen number of
// decimals). FormatNumber(-1234567.891, 2) is "-1,234,567.89".
func FormatNumber(x float64, decimals int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	if decimals < 0 {
		decimals = 0
	}
	r := Round(x, decimals)
	s := strconv.FormatFloat(math.Abs(r), 'f', decimals, 64)
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	if r < 0 {
		b.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// MaxShareWhenShared is the largest rounded share one item may show while another item is
// non-zero (spec 2 §4): 100% beside a visible second item would read as a contradiction.
const MaxShareWhenShared = 99

// RoundShares turns weights (market values, fractions or percentages: only their proportions
// matter) into whole-number percentage shares that add up to exactly 100 (spec 2 §4).
//
//   - A negative, NaN or infinite weight counts as 0: it has no share of a pie, and spec 2 §4
//     clamps percentages to 0..100.
//   - Each share is weight/total×100 rounded down; the points still missing from 100 are then
//     handed out one at a time, largest fractional remainder first (the largest-remainder
//     method). Ties go to the larger weight, then to the earlier item, so the result depends
//     only on the input order, never on map or sort instability.
//   - While more than one item is non-zero no item may exceed MaxShareWhenShared; a point it
//     would have received goes to the next item in line.
//   - All weights zero (or an empty input): every share is 0, since there is nothing to share.
//
// The result has one entry per weight, in the same order.
func RoundShares(values []float64) []int {
	n := len(values)
	shares := make([]int, n)
	weights := make([]float64, n)
	total := 0.0
	nonZero := 0
	for i, v := range values {
		if v > 0 && !math.IsInf(v, 1) { // NaN fails v > 0
			weights[i] = v
			total += v
			nonZero++
		}
	}
	if nonZero == 0 || math.IsInf(total, 1) {
		return shares
	}
	limit := 100
	if nonZero > 1 {
		limit = MaxShareWhenShared
	}
	frac := make([]float64, n)
	given := 0
	for i, w := range weights {
		exact := math.Min(100, w/total*100)
		whole := math.Floor(exact)
		shares[i] = int(whole)
		frac[i] = exact - whole
		if shares[i] > limit {
			// Only floating-point rounding (a neighbour of ~1e-300) can get here.
			shares[i] = limit
			frac[i] = 0
		}
		given += shares[i]
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if c := cmp.Compare(frac[b], frac[a]); c != 0 {
			return c
		}
		return cmp.Compare(weights[b], weights[a]) // stable sort keeps index order after this
	})
	// Each pass gives every eligible item at most one point; the loop only repeats if the cap
	// skipped someone, and it ends because n items × (limit ≥ 99) can always hold 100.
	for remaining := 100 - given; remaining > 0; {
		progressed := false
		for _, i := range order {
			if remaining == 0 {
				break
			}
			if weights[i] == 0 || shares[i] >= limit {
				continue // a true zero never gets a point: it must keep showing 0%
			}
			shares[i]++
			remaining--
			progressed = true
		}
		if !progressed {
			break
		}
	}
	return shares
}

// LessThanOneLabel is what a share shows when it rounds to 0 but is not a true zero.
const LessThanOneLabel = "<1%"

// ShareLabel is the text of one rounded share: "<1%" when it rounded to 0 but its value (the
// unrounded weight or share) is above zero, otherwise "N%". A negative value was clamped to a
// true zero by RoundShares and so shows "0%".
func ShareLabel(value float64, rounded int) string {
	if rounded == 0 && value > 0 {
		return LessThanOneLabel
	}
	return strconv.Itoa(rounded) + "%"
}

// Share is one item's share of a whole as it is shown (spec 2 §4): whole percentage points
// and the text to display.
type Share struct {
	Percent int
	Label   string
}

// Shares is the one place the share rules of spec 2 §4 are applied, and every allocation and
// weight display goes through it: percentages clamped to 0..100, whole shares adding up to
// exactly 100 with the remainder handed out one point at a time and never above 99 per item
// while another is non-zero (RoundShares), and "<1%" for a share that rounds to 0 but is not a
// true zero (ShareLabel). A weight that RoundShares counts as zero (negative, NaN, infinite) is
// labelled "0%", so the label never contradicts the number.
func Shares(values []float64) []Share {
	rounded := RoundShares(values)
	out := make([]Share, len(values))
	for i, v := range values {
		if !(v > 0) || math.IsInf(v, 1) {
			v = 0
		}
		out[i] = Share{Percent: rounded[i], Label: ShareLabel(v, rounded[i])}
	}
	return out
}
