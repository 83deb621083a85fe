package calc

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites the golden files: go test ./backend/internal/calc/ -run Golden -update.
// A flag is the one package-level variable here, and only in tests, as the go tool expects.
var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestGoldenChartSeries runs the percentage chart's whole path — daily closes and flows,
// TWRR, the chart frequency for the range, Sample, presentation rounding — over two years of
// deterministic data, and compares the text with testdata/chart_series.golden. The hand-worked
// cases live in twrr_test.go and period_test.go; this file catches any later change to how
// they combine. The headline figures were checked outside Go: benchSeries adds money in before
// the day's growth and takes money out after it, as TWRR treats them, so the TWRR is exactly
// ∏(1.0003 + 0.01·sin(i/7)) over days 911..1642 of the series, which a separate script puts at
// 23.4200% (annualised over 731 days, 11.0786%).
func TestGoldenChartSeries(t *testing.T) {
	values, flows, _ := benchSeries()
	r, err := ResolveRange(RangeRequest{Option: RangeTwoYears, Today: Date(2024, 6, 30), HoldBack: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := TWRR(values, flows, r.Start, r.End)
	if err != nil {
		t.Fatal(err)
	}
	freq := ChartFrequency(r)
	var b strings.Builder
	fmt.Fprintf(&b, "range %s..%s frequency %v (%d)\n", FormatDate(r.Start), FormatDate(r.End), freq, int(freq))
	fmt.Fprintf(&b, "return %s%% annualised %s%%\n", FormatNumber(res.Return*100, PercentDecimals), FormatNumber(res.Annualised()*100, PercentDecimals))
	for _, p := range Sample(res.Series, freq) {
		fmt.Fprintf(&b, "%s %s%%\n", FormatDate(p.Date), FormatNumber(p.Value*100, PercentDecimals))
	}
	got := b.String()

	path := filepath.Join("testdata", "chart_series.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Fatalf("chart series changed:\n--- got\n%s--- want\n%s", got, want)
	}
}
