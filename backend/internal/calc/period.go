package calc

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// RangeOption is one choice of the date-range filter (spec 2 §2.4; the tax-year options are
// from the alternate list). The values are stable codes for requests and stored filters.
type RangeOption string

// The date-range options of spec 2 §2.4.
const (
	RangeOneYear         RangeOption = "1_year"
	RangeTwoYears        RangeOption = "2_years"
	RangeThreeYears      RangeOption = "3_years"
	RangeSinceInception  RangeOption = "since_inception"
	RangeYearToDate      RangeOption = "year_to_date"
	RangeCurrentTaxYear  RangeOption = "current_tax_year"
	RangePreviousTaxYear RangeOption = "previous_tax_year"
	RangeCustom          RangeOption = "custom"
)

// DefaultRangeOption is the range shown before the user picks one (spec 2 §2.4 and §9).
const DefaultRangeOption = RangeOneYear

// RangeOptions lists every option in the order of spec 2 §2.4 (the tax years last, as in the
// alternate list). It returns a new slice, so a caller may filter out disabled options.
func RangeOptions() []RangeOption {
	return []RangeOption{
		RangeOneYear, RangeTwoYears, RangeThreeYears, RangeSinceInception, RangeYearToDate,
		RangeCustom, RangeCurrentTaxYear, RangePreviousTaxYear,
	}
}

// Label is the option's display text as spec 2 §2.4 words it ("" for an unknown option).
func (o RangeOption) Label() string {
	switch o {
	case RangeOneYear:
		return "1 year"
	case RangeTwoYears:
		return "2 years"
	case RangeThreeYears:
		return "3 years"
	case RangeSinceInception:
		return "Since inception"
	case RangeYearToDate:
		return "Year to date"
	case RangeCurrentTaxYear:
		return "Current Tax Year"
	case RangePreviousTaxYear:
		return "Previous Tax Year"
	case RangeCustom:
		return "Custom"
	}
	return ""
}

// ParseRangeOption reads an option from its code or its label, ignoring case and surrounding
// space, so a stored filter and a label echoed by the web client both work.
func ParseRangeOption(s string) (RangeOption, bool) {
	s = strings.TrimSpace(s)
	for _, o := range RangeOptions() {
		if strings.EqualFold(s, string(o)) || strings.EqualFold(s, o.Label()) {
			return o, true
		}
	}
	return "", false
}

// ErrEndBeforeStart is the Custom range error of spec 2 §5, worded as the user sees it.
var ErrEndBeforeStart = errors.New("You cannot select an End date earlier than the Start date.")

// ErrUnknownRangeOption reports an option this package does not know.
var ErrUnknownRangeOption = errors.New("unknown date range option")

// InceptionSearchStart is where an inception-date search begins (spec 2 §9): 1900-01-01, also
// the start of "Since inception" when the selection's inception dates are not known.
func InceptionSearchStart() time.Time { return Date(1900, 1, 1) }

// DateRange is a closed range of civil dates. Start is the base date: performance is measured
// from the close of Start to the close of End, and flows on Start are part of the start value.
type DateRange struct {
	Start, End time.Time
}

// Days is the number of days from Start to End.
func (r DateRange) Days() int { return DaysBetween(r.Start, r.End) }

// RangeRequest is everything a date range is resolved from. Today comes from the caller's
// injected clock, in the user's calendar, so the same request always gives the same range.
type RangeRequest struct {
	Option RangeOption
	Today  time.Time
	// HoldBack is the site's hold-back period (spec 2 §5, §9): the latest data is yesterday's,
	// so a range that would end today ends yesterday.
	HoldBack bool
	// Inceptions are the inception dates of the selected accounts; the earliest starts "Since
	// inception" (spec 2 §4). Zero times are ignored.
	Inceptions []time.Time
	// CustomStart and CustomEnd are the Custom range's inputs; a zero CustomEnd means the
	// default end and a zero CustomStart one year before the end (spec 2 §5).
	CustomStart, CustomEnd time.Time
}

// DefaultEndDate is the end of every range that runs "to date": today, or yesterday with a
// hold-back period (spec 2 §9).
func DefaultEndDate(today time.Time, holdBack bool) time.Time {
	today = ToDate(today)
	if holdBack {
		return today.AddDate(0, 0, -1)
	}
	return today
}

// EarliestInception is the earliest non-zero date, or InceptionSearchStart when there is none.
func EarliestInception(dates []time.Time) time.Time {
	var first time.Time
	for _, d := range dates {
		if d.IsZero() {
			continue
		}
		if d = ToDate(d); first.IsZero() || d.Before(first) {
			first = d
		}
	}
	if first.IsZero() {
		return InceptionSearchStart()
	}
	return first
}

// TaxYearStart is the start of the UK tax year containing d: 6 April of d's year, or of the
// year before when d is on or before 5 April.
func TaxYearStart(d time.Time) time.Time {
	d = ToDate(d)
	start := Date(d.Year(), time.April, 6)
	if d.Before(start) {
		start = Date(d.Year()-1, time.April, 6)
	}
	return start
}

// ResolveRange turns a range option into dates.
//
// Every option except Previous Tax Year and Custom ends on DefaultEndDate. The calendar periods
// (Year to date, Current and Previous Tax Year) are the ones containing that end date, not
// today: on 1 January with a hold-back, "Year to date" is the whole of last year, the last
// period with data, rather than an empty range.
//
//   - 1, 2, 3 years: N calendar years before the end, 29 February landing on 28 February.
//   - Since inception: the earliest inception date of the selection (1900-01-01 when none is
//     known), or the end date if every inception is later.
//   - Year to date: 1 January of the end's year.
//   - Current Tax Year: 6 April starting the tax year of the end date, to the end date.
//   - Previous Tax Year: the whole tax year before that one, 6 April to 5 April.
//   - Custom: the inputs, with a hold-back turning an end of today into yesterday; an end
//     before the start is ErrEndBeforeStart. The earliest-allowed start is a bound of the
//     input control (spec 2 §5), not applied here.
func ResolveRange(req RangeRequest) (DateRange, error) {
	end := DefaultEndDate(req.Today, req.HoldBack)
	switch req.Option {
	case RangeOneYear:
		return DateRange{AddYearsClamped(end, -1), end}, nil
	case RangeTwoYears:
		return DateRange{AddYearsClamped(end, -2), end}, nil
	case RangeThreeYears:
		return DateRange{AddYearsClamped(end, -3), end}, nil
	case RangeSinceInception:
		start := EarliestInception(req.Inceptions)
		if start.After(end) {
			start = end
		}
		return DateRange{start, end}, nil
	case RangeYearToDate:
		return DateRange{Date(end.Year(), time.January, 1), end}, nil
	case RangeCurrentTaxYear:
		return DateRange{TaxYearStart(end), end}, nil
	case RangePreviousTaxYear:
		current := TaxYearStart(end)
		return DateRange{AddYearsClamped(current, -1), current.AddDate(0, 0, -1)}, nil
	case RangeCustom:
		e := end
		if !req.CustomEnd.IsZero() {
			e = ToDate(req.CustomEnd)
			if req.HoldBack && e.Equal(ToDate(req.Today)) {
				e = end
			}
		}
		s := AddYearsClamped(e, -1)
		if !req.CustomStart.IsZero() {
			s = ToDate(req.CustomStart)
		}
		if e.Before(s) {
			return DateRange{}, ErrEndBeforeStart
		}
		return DateRange{s, e}, nil
	}
	return DateRange{}, fmt.Errorf("%w: %q", ErrUnknownRangeOption, req.Option)
}

// Frequency is how often a series is sampled, with the platform's codes (spec 2 §9).
type Frequency int

// The frequency codes of spec 2 §9. Code 6 is unused by the platform.
const (
	FrequencyDaily     Frequency = 1
	FrequencyWeekly    Frequency = 2
	FrequencyMonthly   Frequency = 3
	FrequencyQuarterly Frequency = 4
	FrequencyYearly    Frequency = 5
	FrequencyNone      Frequency = 7
)

// String names the frequency for logs and tests.
func (f Frequency) String() string {
	switch f {
	case FrequencyDaily:
		return "Daily"
	case FrequencyWeekly:
		return "Weekly"
	case FrequencyMonthly:
		return "Monthly"
	case FrequencyQuarterly:
		return "Quarterly"
	case FrequencyYearly:
		return "Yearly"
	case FrequencyNone:
		return "None"
	}
	return fmt.Sprintf("Frequency(%d)", int(f))
}

// spanAtMost reports whether r is "up to" months long, inclusively: End on or before Start
// plus that many calendar months (month-end clamped). Calendar months rather than day counts
// keep the boundary where a person expects it whatever the leap years: 15 Jan 2024 to
// 15 Jan 2026 is exactly 2 years, and one day more is over.
func spanAtMost(r DateRange, months int) bool {
	return !ToDate(r.End).After(AddMonthsClamped(r.Start, months))
}

// ChartFrequency is the sampling of the performance chart (spec 2 §9): up to 2 years monthly,
// up to 10 years quarterly, else yearly. Boundaries are inclusive (see spanAtMost).
func ChartFrequency(r DateRange) Frequency {
	switch {
	case spanAtMost(r, 24):
		return FrequencyMonthly
	case spanAtMost(r, 120):
		return FrequencyQuarterly
	}
	return FrequencyYearly
}

// ProfitAnalysisFrequency is the sampling of profit-analysis series (spec 2 §9): up to 1 month
// daily, up to 8 months weekly, up to 2 years monthly, up to 10 years quarterly, else yearly.
// Boundaries are inclusive (see spanAtMost).
func ProfitAnalysisFrequency(r DateRange) Frequency {
	switch {
	case spanAtMost(r, 1):
		return FrequencyDaily
	case spanAtMost(r, 8):
		return FrequencyWeekly
	case spanAtMost(r, 24):
		return FrequencyMonthly
	case spanAtMost(r, 120):
		return FrequencyQuarterly
	}
	return FrequencyYearly
}

// Sample keeps, from a series in ascending date order, the points that end a period of the
// given frequency: the last point of each ISO week (Monday to Sunday), calendar month,
// calendar quarter or calendar year present in the series. It also keeps the first point, the
// base a chart starts from, and always the last point, the range's last date, even mid-period.
// Daily (and any unknown code) keeps every point; None keeps only the first and last. The
// input is not modified.
func Sample(points []Point, f Frequency) []Point {
	if len(points) <= 2 || f == FrequencyDaily {
		return append([]Point(nil), points...)
	}
	key := periodKey(f)
	if key == nil {
		return append([]Point(nil), points...)
	}
	out := []Point{points[0]}
	last := len(points) - 1
	for i := 1; i < last; i++ {
		if key(points[i].Date) != key(points[i+1].Date) {
			out = append(out, points[i])
		}
	}
	return append(out, points[last])
}

// periodKey maps a date to its period under f; nil when f does not group by period.
func periodKey(f Frequency) func(time.Time) int {
	switch f {
	case FrequencyWeekly:
		return func(t time.Time) int { y, w := t.ISOWeek(); return y*100 + w }
	case FrequencyMonthly:
		return func(t time.Time) int { return t.Year()*100 + int(t.Month()) }
	case FrequencyQuarterly:
		return func(t time.Time) int { return t.Year()*10 + (int(t.Month())-1)/3 }
	case FrequencyYearly:
		return func(t time.Time) int { return t.Year() }
	case FrequencyNone:
		return func(time.Time) int { return 0 } // one period: only the first and last remain
	}
	return nil
}
