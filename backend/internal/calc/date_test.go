package calc

import (
	"errors"
	"testing"
	"time"
)

func TestToDateUsesTheTimestampsOwnCalendar(t *testing.T) {
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Skip("no tz database:", err)
	}
	// 00:30 BST on 1 June is 23:30 UTC on 31 May; the user's date is 1 June.
	got := ToDate(time.Date(2024, 6, 1, 0, 30, 0, 0, london))
	if want := Date(2024, 6, 1); !got.Equal(want) {
		t.Fatalf("ToDate = %v, want %v", got, want)
	}
}

func TestDaysBetween(t *testing.T) {
	cases := []struct {
		a, b time.Time
		want int
	}{
		{Date(2024, 1, 1), Date(2025, 1, 1), 366}, // 2024 is a leap year
		{Date(2023, 1, 1), Date(2024, 1, 1), 365},
		{Date(2024, 3, 31), Date(2024, 3, 1), -30},
		{Date(2024, 3, 1), Date(2024, 3, 1), 0},
		// Times of day are dropped: still one day apart.
		{time.Date(2024, 3, 1, 23, 0, 0, 0, time.UTC), time.Date(2024, 3, 2, 1, 0, 0, 0, time.UTC), 1},
	}
	for _, c := range cases {
		if got := DaysBetween(c.a, c.b); got != c.want {
			t.Errorf("DaysBetween(%s, %s) = %d, want %d", FormatDate(c.a), FormatDate(c.b), got, c.want)
		}
	}
}

func TestParseDate(t *testing.T) {
	good, err := ParseDate("2024-02-29")
	if err != nil || !good.Equal(Date(2024, 2, 29)) {
		t.Fatalf("ParseDate(2024-02-29) = %v, %v", good, err)
	}
	for _, s := range []string{"", "2023-02-29", "10000-01-01", "2024-1-5", "05-01-2024", "2024-13-01"} {
		if _, err := ParseDate(s); !errors.Is(err, ErrInvalidDate) {
			t.Errorf("ParseDate(%q) error = %v, want ErrInvalidDate", s, err)
		}
	}
}

func TestAddMonthsClamped(t *testing.T) {
	cases := []struct {
		d    time.Time
		n    int
		want time.Time
	}{
		{Date(2024, 3, 31), -1, Date(2024, 2, 29)},
		{Date(2023, 3, 31), -1, Date(2023, 2, 28)},
		{Date(2024, 1, 31), 1, Date(2024, 2, 29)},
		{Date(2024, 8, 31), -6, Date(2024, 2, 29)},
		{Date(2024, 1, 15), 12, Date(2025, 1, 15)},
		{Date(2024, 12, 15), 1, Date(2025, 1, 15)},
	}
	for _, c := range cases {
		if got := AddMonthsClamped(c.d, c.n); !got.Equal(c.want) {
			t.Errorf("AddMonthsClamped(%s, %d) = %s, want %s", FormatDate(c.d), c.n, FormatDate(got), FormatDate(c.want))
		}
	}
	if got := AddYearsClamped(Date(2024, 2, 29), -1); !got.Equal(Date(2023, 2, 28)) {
		t.Errorf("AddYearsClamped(2024-02-29, -1) = %s, want 2023-02-28", FormatDate(got))
	}
}
