package calc

import (
	"errors"
	"testing"
	"time"
)

func TestResolveRange(t *testing.T) {
	sun := Date(2025, 6, 15) // a Sunday, mid tax year
	cases := []struct {
		name       string
		req        RangeRequest
		start, end time.Time
	}{
		{"1 year", RangeRequest{Option: RangeOneYear, Today: sun}, Date(2024, 6, 15), sun},
		{"2 years", RangeRequest{Option: RangeTwoYears, Today: sun}, Date(2023, 6, 15), sun},
		{"3 years", RangeRequest{Option: RangeThreeYears, Today: sun}, Date(2022, 6, 15), sun},
		// Hold-back: the end is yesterday, and the year counts back from there.
		{"1 year, hold-back", RangeRequest{Option: RangeOneYear, Today: sun, HoldBack: true}, Date(2024, 6, 14), Date(2025, 6, 14)},
		// 29 February minus a year is 28 February, not 1 March.
		{"1 year from 29 Feb", RangeRequest{Option: RangeOneYear, Today: Date(2024, 2, 29)}, Date(2023, 2, 28), Date(2024, 2, 29)},
		// Hold-back on 1 March 2024: end 29 Feb 2024, start 28 Feb 2023.
		{"1 year, hold-back into 29 Feb", RangeRequest{Option: RangeOneYear, Today: Date(2024, 3, 1), HoldBack: true}, Date(2023, 2, 28), Date(2024, 2, 29)},

		{"year to date", RangeRequest{Option: RangeYearToDate, Today: sun}, Date(2025, 1, 1), sun},
		{"year to date on 1 Jan", RangeRequest{Option: RangeYearToDate, Today: Date(2025, 1, 1)}, Date(2025, 1, 1), Date(2025, 1, 1)},
		// On 1 January with a hold-back the end is 31 December: the year containing it is 2024.
		{"year to date on 1 Jan, hold-back", RangeRequest{Option: RangeYearToDate, Today: Date(2025, 1, 1), HoldBack: true}, Date(2024, 1, 1), Date(2024, 12, 31)},

		// UK tax year: 6 April to 5 April.
		{"current tax year", RangeRequest{Option: RangeCurrentTaxYear, Today: sun}, Date(2025, 4, 6), sun},
		{"current tax year on 5 April", RangeRequest{Option: RangeCurrentTaxYear, Today: Date(2025, 4, 5)}, Date(2024, 4, 6), Date(2025, 4, 5)},
		{"current tax year on 6 April", RangeRequest{Option: RangeCurrentTaxYear, Today: Date(2025, 4, 6)}, Date(2025, 4, 6), Date(2025, 4, 6)},
		{"current tax year on 6 April, hold-back", RangeRequest{Option: RangeCurrentTaxYear, Today: Date(2025, 4, 6), HoldBack: true}, Date(2024, 4, 6), Date(2025, 4, 5)},
		{"current tax year in January", RangeRequest{Option: RangeCurrentTaxYear, Today: Date(2025, 1, 20)}, Date(2024, 4, 6), Date(2025, 1, 20)},
		{"previous tax year", RangeRequest{Option: RangePreviousTaxYear, Today: sun}, Date(2024, 4, 6), Date(2025, 4, 5)},
		{"previous tax year on 5 April", RangeRequest{Option: RangePreviousTaxYear, Today: Date(2025, 4, 5)}, Date(2023, 4, 6), Date(2024, 4, 5)},
		{"previous tax year on 6 April", RangeRequest{Option: RangePreviousTaxYear, Today: Date(2025, 4, 6)}, Date(2024, 4, 6), Date(2025, 4, 5)},
		{"previous tax year on 6 April, hold-back", RangeRequest{Option: RangePreviousTaxYear, Today: Date(2025, 4, 6), HoldBack: true}, Date(2023, 4, 6), Date(2024, 4, 5)},

		{"since inception: earliest of the selection", RangeRequest{Option: RangeSinceInception, Today: sun,
			Inceptions: []time.Time{Date(2019, 3, 10), {}, Date(2017, 11, 2)}}, Date(2017, 11, 2), sun},
		{"since inception: unknown", RangeRequest{Option: RangeSinceInception, Today: sun}, Date(1900, 1, 1), sun},
		{"since inception: opened after the end", RangeRequest{Option: RangeSinceInception, Today: sun, HoldBack: true,
			Inceptions: []time.Time{sun}}, Date(2025, 6, 14), Date(2025, 6, 14)},

		{"custom", RangeRequest{Option: RangeCustom, Today: sun, CustomStart: Date(2025, 1, 10), CustomEnd: Date(2025, 3, 31)}, Date(2025, 1, 10), Date(2025, 3, 31)},
		{"custom ending today", RangeRequest{Option: RangeCustom, Today: sun, CustomStart: Date(2025, 1, 10), CustomEnd: sun}, Date(2025, 1, 10), sun},
		{"custom ending today, hold-back", RangeRequest{Option: RangeCustom, Today: sun, HoldBack: true, CustomStart: Date(2025, 1, 10), CustomEnd: sun}, Date(2025, 1, 10), Date(2025, 6, 14)},
		// Hold-back only replaces an end of today; an earlier end stands.
		{"custom ending earlier, hold-back", RangeRequest{Option: RangeCustom, Today: sun, HoldBack: true, CustomStart: Date(2025, 1, 10), CustomEnd: Date(2025, 5, 1)}, Date(2025, 1, 10), Date(2025, 5, 1)},
		{"custom, empty start", RangeRequest{Option: RangeCustom, Today: sun, CustomEnd: Date(2025, 3, 31)}, Date(2024, 3, 31), Date(2025, 3, 31)},
		{"custom, empty end", RangeRequest{Option: RangeCustom, Today: sun, HoldBack: true, CustomStart: Date(2025, 1, 10)}, Date(2025, 1, 10), Date(2025, 6, 14)},
		{"custom, one day", RangeRequest{Option: RangeCustom, Today: sun, CustomStart: Date(2025, 3, 31), CustomEnd: Date(2025, 3, 31)}, Date(2025, 3, 31), Date(2025, 3, 31)},
	}
	for _, c := range cases {
		got, err := ResolveRange(c.req)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !got.Start.Equal(c.start) || !got.End.Equal(c.end) {
			t.Errorf("%s: %s..%s, want %s..%s", c.name, FormatDate(got.Start), FormatDate(got.End), FormatDate(c.start), FormatDate(c.end))
		}
	}
}

func TestResolveRangeErrors(t *testing.T) {
	sun := Date(2025, 6, 15)
	_, err := ResolveRange(RangeRequest{Option: RangeCustom, Today: sun, CustomStart: Date(2025, 3, 2), CustomEnd: Date(2025, 3, 1)})
	if !errors.Is(err, ErrEndBeforeStart) || err.Error() != "You cannot select an End date earlier than the Start date." {
		t.Errorf("end before start: %v", err)
	}
	// Start today, end today with a hold-back: the end becomes yesterday, before the start.
	_, err = ResolveRange(RangeRequest{Option: RangeCustom, Today: sun, HoldBack: true, CustomStart: sun, CustomEnd: sun})
	if !errors.Is(err, ErrEndBeforeStart) {
		t.Errorf("today..today with hold-back: %v", err)
	}
	if _, err := ResolveRange(RangeRequest{Option: "5_years", Today: sun}); !errors.Is(err, ErrUnknownRangeOption) {
		t.Errorf("unknown option: %v", err)
	}
}

func TestRangeOptionParseAndLabel(t *testing.T) {
	cases := map[string]RangeOption{
		"1 YEAR":            RangeOneYear,
		" since_inception ": RangeSinceInception,
		"current tax year":  RangeCurrentTaxYear,
		"Previous_Tax_Year": RangePreviousTaxYear,
		"year to date":      RangeYearToDate,
		"custom":            RangeCustom,
		"3 years":           RangeThreeYears,
		"2_years":           RangeTwoYears,
	}
	for in, want := range cases {
		if got, ok := ParseRangeOption(in); !ok || got != want {
			t.Errorf("ParseRangeOption(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := ParseRangeOption("10 years"); ok {
		t.Error("ParseRangeOption accepted an unknown option")
	}
	for _, o := range RangeOptions() {
		if o.Label() == "" {
			t.Errorf("%q has no label", o)
		}
		if back, ok := ParseRangeOption(o.Label()); !ok || back != o {
			t.Errorf("label of %q does not parse back", o)
		}
	}
	if DefaultRangeOption.Label() != "1 year" || RangeOption("x").Label() != "" {
		t.Error("labels")
	}
}

func TestFrequencies(t *testing.T) {
	start := Date(2024, 1, 15)
	cases := []struct {
		end           time.Time
		chart, profit Frequency
	}{
		{start, FrequencyMonthly, FrequencyDaily},
		// 1 month: 15 Feb is "up to 1 month" (inclusive), 16 Feb is over.
		{Date(2024, 2, 15), FrequencyMonthly, FrequencyDaily},
		{Date(2024, 2, 16), FrequencyMonthly, FrequencyWeekly},
		// 8 months: 15 Sep inclusive, 16 Sep over.
		{Date(2024, 9, 15), FrequencyMonthly, FrequencyWeekly},
		{Date(2024, 9, 16), FrequencyMonthly, FrequencyMonthly},
		// 2 years: 15 Jan 2026 inclusive, 16 Jan over.
		{Date(2026, 1, 15), FrequencyMonthly, FrequencyMonthly},
		{Date(2026, 1, 16), FrequencyQuarterly, FrequencyQuarterly},
		// 10 years: 15 Jan 2034 inclusive, 16 Jan over.
		{Date(2034, 1, 15), FrequencyQuarterly, FrequencyQuarterly},
		{Date(2034, 1, 16), FrequencyYearly, FrequencyYearly},
	}
	for _, c := range cases {
		r := DateRange{start, c.end}
		if got := ChartFrequency(r); got != c.chart {
			t.Errorf("ChartFrequency(..%s) = %v, want %v", FormatDate(c.end), got, c.chart)
		}
		if got := ProfitAnalysisFrequency(r); got != c.profit {
			t.Errorf("ProfitAnalysisFrequency(..%s) = %v, want %v", FormatDate(c.end), got, c.profit)
		}
	}
	// Month ends clamp: 31 January plus one month is 29 February 2024.
	if got := ProfitAnalysisFrequency(DateRange{Date(2024, 1, 31), Date(2024, 2, 29)}); got != FrequencyDaily {
		t.Errorf("31 Jan..29 Feb = %v, want Daily", got)
	}
	if got := ProfitAnalysisFrequency(DateRange{Date(2024, 1, 31), Date(2024, 3, 1)}); got != FrequencyWeekly {
		t.Errorf("31 Jan..1 Mar = %v, want Weekly", got)
	}
	// 29 Feb 2024 plus 2 years is 28 Feb 2026.
	if got := ChartFrequency(DateRange{Date(2024, 2, 29), Date(2026, 2, 28)}); got != FrequencyMonthly {
		t.Errorf("29 Feb 2024..28 Feb 2026 = %v, want Monthly", got)
	}
	if got := ChartFrequency(DateRange{Date(2024, 2, 29), Date(2026, 3, 1)}); got != FrequencyQuarterly {
		t.Errorf("29 Feb 2024..1 Mar 2026 = %v, want Quarterly", got)
	}
	codes := map[Frequency]int{FrequencyDaily: 1, FrequencyWeekly: 2, FrequencyMonthly: 3, FrequencyQuarterly: 4, FrequencyYearly: 5, FrequencyNone: 7}
	for f, code := range codes {
		if int(f) != code || f.String() == "" {
			t.Errorf("%v code %d", f, int(f))
		}
	}
	if Frequency(6).String() != "Frequency(6)" {
		t.Error("unknown frequency name")
	}
	if (DateRange{Date(2024, 1, 1), Date(2025, 1, 1)}).Days() != 366 {
		t.Error("DateRange.Days")
	}
}

// daily is one point per day from a to b inclusive, valued by day number, for Sample tests.
func daily(a, b time.Time) []Point {
	var out []Point
	for d, i := a, 0; !d.After(b); d, i = d.AddDate(0, 0, 1), i+1 {
		out = append(out, Point{d, float64(i)})
	}
	return out
}

func dates(ps []Point) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = FormatDate(p.Date)
	}
	return out
}

func TestSample(t *testing.T) {
	cases := []struct {
		name   string
		points []Point
		f      Frequency
		want   []string
	}{
		// First point, then each month's last day, then the last point mid-March.
		{"monthly", daily(Date(2024, 1, 1), Date(2024, 3, 10)), FrequencyMonthly,
			[]string{"2024-01-01", "2024-01-31", "2024-02-29", "2024-03-10"}},
		// Mon 1 Jan 2024 starts ISO week 1; weeks end on Sundays 7 and 14 January.
		{"weekly", daily(Date(2024, 1, 1), Date(2024, 1, 17)), FrequencyWeekly,
			[]string{"2024-01-01", "2024-01-07", "2024-01-14", "2024-01-17"}},
		{"quarterly", daily(Date(2023, 11, 15), Date(2024, 2, 10)), FrequencyQuarterly,
			[]string{"2023-11-15", "2023-12-31", "2024-02-10"}},
		{"yearly", daily(Date(2023, 12, 30), Date(2024, 1, 2)), FrequencyYearly,
			[]string{"2023-12-30", "2023-12-31", "2024-01-02"}},
		{"none", daily(Date(2024, 1, 1), Date(2024, 1, 5)), FrequencyNone,
			[]string{"2024-01-01", "2024-01-05"}},
		{"daily", daily(Date(2024, 1, 1), Date(2024, 1, 3)), FrequencyDaily,
			[]string{"2024-01-01", "2024-01-02", "2024-01-03"}},
		// A business-day series: March 2024 ends on a weekend, so its last point is Fri 29th.
		{"sparse month end", []Point{{Date(2024, 3, 1), 1}, {Date(2024, 3, 28), 2}, {Date(2024, 3, 29), 3}, {Date(2024, 4, 1), 4}, {Date(2024, 4, 2), 5}},
			FrequencyMonthly, []string{"2024-03-01", "2024-03-29", "2024-04-02"}},
		// The first point can also end its period: kept once.
		{"first is a period end", []Point{{Date(2024, 1, 31), 1}, {Date(2024, 2, 1), 2}, {Date(2024, 2, 2), 3}},
			FrequencyMonthly, []string{"2024-01-31", "2024-02-02"}},
		{"one point", []Point{{Date(2024, 1, 31), 1}}, FrequencyYearly, []string{"2024-01-31"}},
		{"empty", nil, FrequencyMonthly, []string{}},
	}
	for _, c := range cases {
		got := dates(Sample(c.points, c.f))
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
	in := daily(Date(2024, 1, 1), Date(2024, 3, 10))
	out := Sample(in, FrequencyMonthly)
	out[0].Value = 99
	if in[0].Value != 0 {
		t.Error("Sample must not alias its input")
	}
}

func TestTaxYearStartAndDefaults(t *testing.T) {
	if got := TaxYearStart(Date(2025, 4, 5)); !got.Equal(Date(2024, 4, 6)) {
		t.Errorf("TaxYearStart(5 Apr) = %s", FormatDate(got))
	}
	if got := TaxYearStart(Date(2025, 4, 6)); !got.Equal(Date(2025, 4, 6)) {
		t.Errorf("TaxYearStart(6 Apr) = %s", FormatDate(got))
	}
	if got := DefaultEndDate(time.Date(2025, 3, 1, 15, 4, 0, 0, time.UTC), true); !got.Equal(Date(2025, 2, 28)) {
		t.Errorf("DefaultEndDate hold-back = %s", FormatDate(got))
	}
	if got := EarliestInception(nil); !got.Equal(InceptionSearchStart()) || FormatDate(got) != "1900-01-01" {
		t.Errorf("EarliestInception(nil) = %s", FormatDate(got))
	}
}
