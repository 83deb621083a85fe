package performance

import (
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/calc"
)

const accountSeriesPath = "portfolio/account/1/profit_analysis/historic_time_series_twrr"

// pointRow reads one series point as "date value movement twrr net_flows".
func pointRow(t *testing.T, v any) string {
	t.Helper()
	p := obj(t, v)
	twrr := "null"
	if p["twrr"] != nil {
		twrr = typedVal(t, p["twrr"])
	}
	return strings.Join([]string{typedVal(t, p["date"]), typedVal(t, p["value"]), typedVal(t, p["movement"]), twrr, typedVal(t, p["net_flows"])}, " ")
}

// The hand-worked account day by day (see profit_analysis_test.go): a range of up to a month
// is sampled daily. Movement is cumulative since the start; net flows are those since the
// previous point (the 2 January deposit is inside the start value).
func TestTimeSeriesHandWorked(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "ada", accountSeriesPath, q("start_date", "2024-01-02", "end_date", "2024-01-05"))
		want := []string{
			"2024-01-02 10000.00 0.00 0.00 0.00",
			"2024-01-03 10800.00 800.00 8.00 0.00",
			"2024-01-04 15800.00 800.00 8.00 5000.00",
			"2024-01-05 15360.00 360.00 4.99 0.00",
		}
		var got []string
		for _, p := range list(t, ans["points"]) {
			got = append(got, pointRow(t, p))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("points:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if ans["frequency"] != float64(calc.FrequencyDaily) || ans["report_currency"] != "GBP" || typedVal(t, ans["twrr"]) != "4.99" {
			t.Fatalf("header: %v %v %v", ans["frequency"], ans["report_currency"], ans["twrr"])
		}
		// Both names of the call answer the same.
		again := env.getJSON(t, "ada", strings.Replace(accountSeriesPath, "historic_time_series_twrr", "time_series_twrr", 1),
			q("start_date", "2024-01-02", "end_date", "2024-01-05"))
		if fmt.Sprint(again["points"]) != fmt.Sprint(ans["points"]) {
			t.Fatal("time_series_twrr differs from historic_time_series_twrr")
		}
	})
}

// Sampling (spec 2 §9): the default follows the profit-analysis rule for the range's length;
// a frequency code overrides it. The first date and the last are always kept; between them the
// last day of each week (Sunday), month, quarter or year.
func TestTimeSeriesFrequency(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		sundays := []string{"2024-01-02"}
		for d := day("2024-01-07"); d.Before(day("2024-07-01")); d = d.AddDate(0, 0, 7) {
			sundays = append(sundays, calc.FormatDate(d))
		}
		sundays = append(sundays, "2024-07-01")
		cases := []struct {
			name       string
			start, end string
			frequency  string
			wantCode   calc.Frequency
			wantDates  []string
			wantPoints int
		}{
			{"default, half a year: weekly", "2024-01-02", "2024-07-01", "", calc.FrequencyWeekly, sundays, 0},
			{"default, a month: daily", "2024-01-02", "2024-02-02", "", calc.FrequencyDaily, nil, 32},
			{"default, 18 months: monthly", "2024-01-02", "2025-07-01", "", calc.FrequencyMonthly, nil, 20},
			{"monthly", "2024-01-02", "2024-07-01", "3", calc.FrequencyMonthly,
				[]string{"2024-01-02", "2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30", "2024-07-01"}, 0},
			{"quarterly", "2024-01-02", "2024-07-01", "4", calc.FrequencyQuarterly, []string{"2024-01-02", "2024-03-31", "2024-06-30", "2024-07-01"}, 0},
			{"yearly", "2024-01-02", "2025-07-01", "5", calc.FrequencyYearly, []string{"2024-01-02", "2024-12-31", "2025-07-01"}, 0},
			{"none", "2024-01-02", "2025-07-01", "7", calc.FrequencyNone, []string{"2024-01-02", "2025-07-01"}, 0},
			{"daily", "2024-01-02", "2024-07-01", "1", calc.FrequencyDaily, nil, 182},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				params := q("start_date", c.start, "end_date", c.end)
				if c.frequency != "" {
					params.Set("frequency", c.frequency)
				}
				ans := env.getJSON(t, "ada", accountSeriesPath, params)
				if ans["frequency"] != float64(c.wantCode) || ans["frequency_name"] != c.wantCode.String() {
					t.Fatalf("frequency %v %v, want %d", ans["frequency"], ans["frequency_name"], c.wantCode)
				}
				points := list(t, ans["points"])
				var dates []string
				for _, p := range points {
					d := typedVal(t, obj(t, p)["date"])
					dates = append(dates, d)
					// Each sampled value is that day's close: Alpha carried from the last weekday.
					if d >= "2024-01-05" {
						want := 100*sec1Close(lastWeekday(day(d))) + 7000
						if got := amount(t, obj(t, p)["value"]); math.Abs(got-want) > 0.005 {
							t.Errorf("%s value %.2f, want %.2f", d, got, want)
						}
					}
				}
				if c.wantDates != nil && strings.Join(dates, ",") != strings.Join(c.wantDates, ",") {
					t.Fatalf("dates %v\nwant  %v", dates, c.wantDates)
				}
				if c.wantPoints != 0 && len(points) != c.wantPoints {
					t.Fatalf("%d points, want %d", len(points), c.wantPoints)
				}
				if dates[0] != c.start || dates[len(dates)-1] != c.end {
					t.Fatalf("first and last %s %s", dates[0], dates[len(dates)-1])
				}
			})
		}
	})
}

// The benchmark's cumulative return is given on the series' own dates, carried over weekends,
// and based where the TWRR is based. Cy's cash account opens on 2 January 2024 but is funded on
// the 10th: before that both the TWRR and the benchmark are null, and from then on the
// benchmark is measured from its level on the 10th.
func TestTimeSeriesBenchmarkAlignment(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "alex", "portfolio/account/5/profit_analysis/historic_time_series_twrr", q(
			"start_date", "2024-01-02", "end_date", "2024-01-31", "benchmark_name", "FTSE All-Share"))
		if ans["benchmark_name"] != "FTSE All-Share" || typedVal(t, ans["twrr_start_date"]) != "2024-01-10" {
			t.Fatalf("header: %v %v", ans["benchmark_name"], ans["twrr_start_date"])
		}
		bench := obj(t, ans["benchmark"])
		points, benchPoints := list(t, ans["points"]), list(t, bench["points"])
		if len(points) != 30 || len(benchPoints) != len(points) || bench["currency"] != "GBP" {
			t.Fatalf("%d points, %d benchmark points", len(points), len(benchPoints))
		}
		base := benchLevel(day("2024-01-10"))
		for i := range points {
			p, b := obj(t, points[i]), obj(t, benchPoints[i])
			d := typedVal(t, p["date"])
			if typedVal(t, b["date"]) != d {
				t.Fatalf("point %d: series date %s, benchmark date %s", i, d, typedVal(t, b["date"]))
			}
			if d < "2024-01-10" {
				if p["twrr"] != nil || b["value"] != nil {
					t.Fatalf("%s before funding: twrr %v benchmark %v", d, p["twrr"], b["value"])
				}
				continue
			}
			want := fmt.Sprintf("%.2f", calc.RoundPercent((benchLevel(lastWeekday(day(d)))/base-1)*100))
			if got := typedVal(t, b["value"]); got != want {
				t.Errorf("%s benchmark %s, want %s", d, got, want)
			}
			if typedVal(t, p["twrr"]) != "0.00" { // cash earns nothing
				t.Errorf("%s twrr %v", d, p["twrr"])
			}
		}
		// A benchmark whose only value is before the range is flat at 0 on every date.
		ans = env.getJSON(t, "ada", accountSeriesPath, q("start_date", "2024-01-02", "end_date", "2024-03-01", "benchmark_name", "Cash"))
		for _, b := range list(t, obj(t, ans["benchmark"])["points"]) {
			if typedVal(t, obj(t, b)["value"]) != "0.00" {
				t.Fatalf("flat benchmark: %v", b)
			}
		}
	})
}

// Portfolio and group series, the account visibility links (Ada has hidden account 2) and
// apply_exclude_unless_FUM (Bob's account is not managed).
func TestTimeSeriesSelections(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		lastPoint := func(ans map[string]any) map[string]any {
			points := list(t, ans["points"])
			return obj(t, points[len(points)-1])
		}
		jan := q("start_date", "2024-01-02", "end_date", "2024-01-05")

		ans := env.getJSON(t, "ada", "portfolio/portfolio/1/profit_analysis/historic_time_series_twrr", jan)
		if p := lastPoint(ans); typedVal(t, p["value"]) != "15360.00" || typedVal(t, p["twrr"]) != "4.99" {
			t.Fatalf("portfolio without the hidden account: %v", p)
		}
		withHidden := q("start_date", "2024-01-02", "end_date", "2024-01-05", "show_hidden_positions", "1")
		ans = env.getJSON(t, "ada", "portfolio/portfolio/1/profit_analysis/historic_time_series_twrr", withHidden)
		if p := lastPoint(ans); typedVal(t, p["value"]) != "16160.00" || typedVal(t, p["twrr"]) != "4.56" || ans["show_hidden_positions"] != true {
			t.Fatalf("portfolio with the hidden account: %v", p)
		}
		// Ada's adviser sees the portfolio as Ada does.
		ans = env.getJSON(t, "alex", "portfolio/portfolio/1/profit_analysis/historic_time_series_twrr", jan)
		if p := lastPoint(ans); typedVal(t, p["value"]) != "15360.00" {
			t.Fatalf("adviser's portfolio series: %v", p)
		}

		ans = env.getJSON(t, "ada", "portfolio/group/account/code/ADAGRP/profit_analysis/historic_time_series_twrr",
			q("start_date", "2024-01-02", "end_date", "2024-02-01"))
		// 1 February: Alpha at 83.6 + 0.27 = 83.87 → 8,387 + 7,000; the joint account's 20,000
		// deposit and 200 Beta at 50 (with its 10 fee) → 9,990 cash + 10,000 = 19,990.
		if p := lastPoint(ans); typedVal(t, p["value"]) != "35377.00" || typedVal(t, p["net_flows"]) != "20000.00" {
			t.Fatalf("group series: %v", p)
		}

		rec := env.get(t, "bob", "portfolio/portfolio/3/profit_analysis/historic_time_series_twrr",
			q("start_date", "2024-03-01", "end_date", "2024-04-01", "apply_exclude_unless_FUM", "1"))
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"points":[]`) || !strings.Contains(rec.Body.String(), reasonNoData) {
			t.Fatalf("not-managed account excluded: %d %s", rec.Code, rec.Body.String())
		}
		ans = env.getJSON(t, "bob", "portfolio/portfolio/3/profit_analysis/historic_time_series_twrr", q("start_date", "2024-03-01", "end_date", "2024-04-01"))
		if p := lastPoint(ans); typedVal(t, p["value"]) != "5250.00" {
			t.Fatalf("not-managed account included: %v", p)
		}
	})
}

func TestTimeSeriesConversionAndErrors(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		path := "portfolio/account/6/profit_analysis/historic_time_series_twrr"
		rec := env.get(t, "alex", path, q("start_date", "2024-01-02", "end_date", "2024-01-31"))
		want := `{"user_message":"Conversion rate unavailable","api_message":"Conversion rate unavailable"}`
		if rec.Code != http.StatusUnprocessableEntity || rec.Body.String() != want {
			t.Fatalf("missing rate: %d %s", rec.Code, rec.Body.String())
		}
		ans := env.getJSON(t, "alex", path, q("start_date", "2024-01-02", "end_date", "2024-01-31", "report_currency", "EUR"))
		points := list(t, ans["points"])
		if last := obj(t, points[len(points)-1]); typedVal(t, last["value"]) != "1000.00" || currencyOf(t, last["value"]) != "EUR" {
			t.Fatalf("in EUR: %v", last)
		}

		cases := []struct {
			params []string
			want   string
		}{
			{[]string{"frequency", "6"}, "frequency must be"},
			{[]string{"frequency", "monthly"}, "frequency must be"},
			{[]string{"benchmark_name", "No Such Index"}, "benchmark_name does not name a benchmark"},
			{[]string{"start_date", "2023-12-01"}, BeforeInceptionMessage},
			{[]string{"apply_exclude_unless_FUM", "2"}, "Invalid apply_exclude_unless_FUM"},
		}
		for _, c := range cases {
			rec := env.get(t, "ada", accountSeriesPath, q(c.params...))
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), c.want) {
				t.Errorf("%v: %d %s", c.params, rec.Code, rec.Body.String())
			}
		}
	})
}

// "Today" is the caller's calendar day: 23:30 UTC on 1 July is 00:30 on 2 July in London.
func TestTodayInCallersTimeZone(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		env.now = time.Date(2025, 7, 1, 23, 30, 0, 0, time.UTC)
		ans := env.getJSON(t, "ada", accountSeriesPath, nil)
		if typedVal(t, ans["end_date"]) != "2025-07-02" {
			t.Fatalf("end %v, want 2025-07-02", ans["end_date"])
		}
	})
}
