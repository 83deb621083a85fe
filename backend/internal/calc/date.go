package calc

import (
	"errors"
	"fmt"
	"time"
)

// DateLayout is the wire format of a date in requests and in the Custom range inputs
// (spec 2 §5 and §9: YYYY-MM-DD).
const DateLayout = "2006-01-02"

// ErrInvalidDate reports a date string that is not a real yyyy-MM-dd date.
var ErrInvalidDate = errors.New("invalid date")

// Date returns the civil date y-m-d as UTC midnight, the one representation of a date in this
// package. Out-of-range days normalise the way time.Date does (31 April is 1 May).
func Date(y int, m time.Month, d int) time.Time {
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// ToDate returns the civil date of t, read in t's own location, as UTC midnight. A timestamp
// of 23:30 in London on 1 June is 1 June, not the UTC day it happens to fall in, because the
// user's calendar is what a date range means.
func ToDate(t time.Time) time.Time {
	y, m, d := t.Date()
	return Date(y, m, d)
}

// DaysBetween returns the whole days from a to b (negative when b is before a). Both are read
// as civil dates, so times of day and daylight-saving shifts cannot add or lose a day.
func DaysBetween(a, b time.Time) int {
	return int(ToDate(b).Sub(ToDate(a)).Hours() / 24)
}

// ParseDate reads a strict yyyy-MM-dd date (a four-digit year, spec 2 §5). time.Parse already
// rejects 31 February and five-digit years, which is exactly the rule the inputs apply.
func ParseDate(s string) (time.Time, error) {
	t, err := time.Parse(DateLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w: %q", ErrInvalidDate, s)
	}
	return t, nil
}

// FormatDate writes d as yyyy-MM-dd for a platform request.
func FormatDate(d time.Time) string {
	return ToDate(d).Format(DateLayout)
}

// AddMonthsClamped moves d by n calendar months, keeping the day of the month but clamping it
// to the target month's last day. time.AddDate would turn 31 March minus one month into
// 3 March; a "one month" range ending 31 March should start on 28 (or 29) February.
func AddMonthsClamped(d time.Time, n int) time.Time {
	d = ToDate(d)
	y, m, day := d.Date()
	first := Date(y, m+time.Month(n), 1) // time.Date normalises the month overflow
	last := first.AddDate(0, 1, -1).Day()
	if day > last {
		day = last
	}
	return Date(first.Year(), first.Month(), day)
}

// AddYearsClamped moves d by n calendar years; 29 February lands on 28 February in a
// non-leap year (see AddMonthsClamped for why not time.AddDate).
func AddYearsClamped(d time.Time, n int) time.Time {
	return AddMonthsClamped(d, 12*n)
}
