package performance

import (
	"testing"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

func TestResolveRange(t *testing.T) {
	today := day("2025-07-01")
	opening := day("2024-03-15")
	cases := []struct {
		name        string
		start, end  string
		holdBack    bool
		opening     time.Time
		want        string // "start end" or the error text
		wantErrText string
	}{
		{name: "defaults", opening: time.Time{}, want: "2024-07-01 2025-07-01"},
		{name: "defaults with hold-back", holdBack: true, want: "2024-06-30 2025-06-30"},
		{name: "today becomes yesterday under hold-back", start: "2025-01-01", end: "2025-07-01", holdBack: true, want: "2025-01-01 2025-06-30"},
		{name: "future end is brought back", start: "2025-01-01", end: "2025-12-31", want: "2025-01-01 2025-07-01"},
		{name: "default start after a young opening", opening: day("2025-02-01"), want: "2025-02-01 2025-07-01"},
		{name: "opening after the end", end: "2025-01-31", opening: day("2025-02-01"), want: "2025-01-31 2025-01-31"},
		{name: "start on the opening", start: "2024-03-15", opening: opening, want: "2024-03-15 2025-07-01"},
		{name: "start before the opening", start: "2024-03-14", opening: opening, wantErrText: BeforeInceptionMessage},
		{name: "end before start", start: "2025-03-01", end: "2025-02-01", wantErrText: calc.ErrEndBeforeStart.Error()},
		{name: "start today under hold-back", start: "2025-07-01", holdBack: true, wantErrText: calc.ErrEndBeforeStart.Error()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p commonParams
			if c.start != "" {
				p.Start = day(c.start)
			}
			if c.end != "" {
				p.End = day(c.end)
			}
			p.HoldBack = c.holdBack
			r, err := resolveRange(p, today, c.opening)
			if c.wantErrText != "" {
				if err == nil || err.Error() != c.wantErrText {
					t.Fatalf("err %v, want %q", err, c.wantErrText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := calc.FormatDate(r.Start) + " " + calc.FormatDate(r.End); got != c.want {
				t.Fatalf("%s, want %s", got, c.want)
			}
		})
	}
}

func TestParseParams(t *testing.T) {
	cases := []struct {
		name  string
		in    resourceful.Params
		check func(detailParams, seriesParams) bool
	}{
		{"defaults", resourceful.Params{}, func(d detailParams, s seriesParams) bool {
			return d.Basis == AfterFeesAndTaxes && d.IncludeTWRR && d.IncludeIRR && d.Grouping == groupTotal &&
				d.FromPricing == pricingClose && s.Frequency == 0 && !s.ShowHidden && !s.ExcludeUnlessFUM && !d.HoldBack
		}},
		{"fees_and_taxes as a list takes the first", resourceful.Params{"fees_and_taxes": []any{"0", "1"}}, func(d detailParams, _ seriesParams) bool {
			return d.Basis == BeforeFeesAndTaxes
		}},
		{"grouping as a list", resourceful.Params{"grouping": []any{"portfolio", "account"}}, func(d detailParams, _ seriesParams) bool {
			return d.Grouping == groupPortfolioAccount
		}},
		{"grouping with spaces and case", resourceful.Params{"grouping": "Portfolio, Account"}, func(d detailParams, _ seriesParams) bool {
			return d.Grouping == groupPortfolioAccount
		}},
		{"accountid list and typed dates", resourceful.Params{"accountid": []any{"3", "1"},
			"start_date": map[string]any{"_type": "Date", "_val": "2024-01-02"}}, func(d detailParams, _ seriesParams) bool {
			return len(d.AccountIDs) == 2 && d.AccountIDs[0] == 3 && d.Start.Equal(day("2024-01-02"))
		}},
		{"report currency upper-cased, pricing types any case", resourceful.Params{"report_currency": "usd", "to_pricing_type": "Delayed"},
			func(d detailParams, _ seriesParams) bool {
				return d.ReportCurrency == "USD" && d.ToPricing == pricingDelayed
			}},
		{"series switches", resourceful.Params{"frequency": "4", "apply_exclude_unless_FUM": "1", "show_hidden_positions": "true", "benchmark_name": " FTSE "},
			func(_ detailParams, s seriesParams) bool {
				return s.Frequency == calc.FrequencyQuarterly && s.ExcludeUnlessFUM && s.ShowHidden && s.BenchmarkName == "FTSE"
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := parseDetail(c.in)
			if err != nil {
				t.Fatal(err)
			}
			s, err := parseSeries(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if !c.check(d, s) {
				t.Fatalf("detail %+v series %+v", d, s)
			}
		})
	}
}

// An asked-for frequency is kept up to two years; over a longer span one finer than the
// profit-analysis rule's (quarterly up to 10 years, yearly beyond) is coarsened to it, and a
// coarser one is kept. Without one, the rule decides.
func TestSeriesFrequency(t *testing.T) {
	span := func(start, end string) calc.DateRange { return calc.DateRange{Start: day(start), End: day(end)} }
	cases := []struct {
		name  string
		asked calc.Frequency
		rng   calc.DateRange
		want  calc.Frequency
	}{
		{"daily over six months", calc.FrequencyDaily, span("2024-01-02", "2024-07-01"), calc.FrequencyDaily},
		{"daily over exactly two years", calc.FrequencyDaily, span("2022-07-01", "2024-07-01"), calc.FrequencyDaily},
		{"daily over two years and a day", calc.FrequencyDaily, span("2022-06-30", "2024-07-01"), calc.FrequencyQuarterly},
		{"daily over five years", calc.FrequencyDaily, span("2021-11-20", "2026-11-20"), calc.FrequencyQuarterly},
		{"weekly over twelve years", calc.FrequencyWeekly, span("2014-11-20", "2026-11-20"), calc.FrequencyYearly},
		{"yearly over five years is kept", calc.FrequencyYearly, span("2021-11-20", "2026-11-20"), calc.FrequencyYearly},
		{"none over five years is kept", calc.FrequencyNone, span("2021-11-20", "2026-11-20"), calc.FrequencyNone},
		{"default over five years", 0, span("2021-11-20", "2026-11-20"), calc.FrequencyQuarterly},
		{"default over a month", 0, span("2024-01-02", "2024-02-02"), calc.FrequencyDaily},
	}
	for _, c := range cases {
		if got := seriesFrequency(c.asked, c.rng); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
