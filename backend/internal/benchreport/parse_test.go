package benchreport

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// What go test -bench -count 3 prints, with a log line of the benchmark in the middle.
const sample = `goos: linux
goarch: amd64
pkg: wealthportal/backend/internal/bench
cpu: AMD EPYC 7763 64-Core Processor
BenchmarkProfitAnalysis/sqlite-2         	      20	  15100000 ns/op
bench: loaded 10000 clients, 1013336 transactions into postgres in 61s
BenchmarkProfitAnalysis/postgres-2       	      20	  30200000 ns/op	  1024 B/op
BenchmarkProfitAnalysis/sqlite-2         	      20	  14900000 ns/op
BenchmarkProfitAnalysis/postgres-2       	      20	  29800000 ns/op
BenchmarkProfitAnalysis/sqlite-2         	      20	  16000000 ns/op
BenchmarkProfitAnalysis/postgres-2       	      20	  31000000 ns/op
BenchmarkClientListSearch/sqlite	     100	   1100000.5 ns/op
PASS
ok  	wealthportal/backend/internal/bench	120.1s
`

func TestParseBenchfmt(t *testing.T) {
	res, err := Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if res.CPU != "AMD EPYC 7763 64-Core Processor" {
		t.Errorf("cpu %q", res.CPU)
	}
	if got := strings.Join(res.Names, ","); got != "BenchmarkProfitAnalysis/sqlite,BenchmarkProfitAnalysis/postgres,BenchmarkClientListSearch/sqlite" {
		t.Errorf("names %s", got)
	}
	// sqlite: 15.1, 14.9, 16.0 ms → sorted 14.9, 15.1, 16.0: min 14.9, median 15.1, max 16.0.
	if s := SpreadOf(res.Runs["BenchmarkProfitAnalysis/sqlite"]); s != (Spread[time.Duration]{14900 * time.Microsecond, 15100 * time.Microsecond, 16 * time.Millisecond, 3}) {
		t.Errorf("sqlite spread %+v", s)
	}
	// postgres: 30.2, 29.8, 31.0 ms → 29.8 / 30.2 / 31.0.
	if s := SpreadOf(res.Runs["BenchmarkProfitAnalysis/postgres"]); s.Min != 29800*time.Microsecond || s.Median != 30200*time.Microsecond || s.Max != 31*time.Millisecond {
		t.Errorf("postgres spread %+v", s)
	}
	// A fractional ns/op without a GOMAXPROCS suffix: 1,100,000.5 ns truncates to 1,100,000 ns.
	if got := res.Runs["BenchmarkClientListSearch/sqlite"]; len(got) != 1 || got[0] != 1100*time.Microsecond {
		t.Errorf("client list %v", got)
	}
}

// The median of an even count is the lower middle: 1, 2, 3, 4 → 2.
func TestSpreadOf(t *testing.T) {
	if s := SpreadOf([]int{4, 1, 3, 2}); s != (Spread[int]{1, 2, 4, 4}) {
		t.Fatalf("%+v", s)
	}
	if s := SpreadOf([]float64(nil)); s.N != 0 {
		t.Fatalf("%+v", s)
	}
}

// What BenchmarkDashboard20Accounts prints with -count 3 -benchmem, written by hand: a custom
// metric (b.ReportMetric's p95-ms) after ns/op, and the memory columns in the middle of one line.
const sampleWithMetrics = `cpu: AMD EPYC 7763 64-Core Processor
BenchmarkDashboard20Accounts/sqlite-2     	      20	  31000000 ns/op	        42.50 p95-ms
BenchmarkDashboard20Accounts/postgres-2   	      20	  45000000 ns/op	  2048 B/op	  12 allocs/op	        61.25 p95-ms
BenchmarkDashboard20Accounts/sqlite-2     	      20	  29000000 ns/op	        38.00 p95-ms
BenchmarkDashboard20Accounts/postgres-2   	      20	  47000000 ns/op	        70.00 p95-ms
BenchmarkDashboard20Accounts/sqlite-2     	      20	  30000000 ns/op	        40.75 p95-ms
BenchmarkDashboard20Accounts/postgres-2   	      20	  46000000 ns/op	        55.50 p95-ms
BenchmarkBroken/sqlite-2                  	      20	  30000000 ns/op	        oops p95-ms
`

func TestParseCustomMetrics(t *testing.T) {
	res, err := Parse(strings.NewReader(sampleWithMetrics))
	if err != nil {
		t.Fatal(err)
	}
	// sqlite p95-ms in run order 42.50, 38.00, 40.75 → sorted 38.00 / 40.75 / 42.50.
	if got := res.Metric("BenchmarkDashboard20Accounts/sqlite", "p95-ms"); !slices.Equal(got, []float64{42.5, 38, 40.75}) {
		t.Errorf("sqlite p95-ms %v", got)
	}
	if s := SpreadOf(res.Metric("BenchmarkDashboard20Accounts/sqlite", "p95-ms")); s != (Spread[float64]{38, 40.75, 42.5, 3}) {
		t.Errorf("sqlite spread %+v", s)
	}
	// postgres: 61.25, 70.00, 55.50 → 55.50 / 61.25 / 70.00; B/op only where it was printed.
	if s := SpreadOf(res.Metric("BenchmarkDashboard20Accounts/postgres", "p95-ms")); s != (Spread[float64]{55.5, 61.25, 70, 3}) {
		t.Errorf("postgres spread %+v", s)
	}
	if got := res.Metric("BenchmarkDashboard20Accounts/postgres", "B/op"); !slices.Equal(got, []float64{2048}) {
		t.Errorf("postgres B/op %v", got)
	}
	// ns/op is still read on lines that carry more: 31, 29, 30 ms → median 30 ms.
	if s := SpreadOf(res.Runs["BenchmarkDashboard20Accounts/sqlite"]); s.Median != 30*time.Millisecond || s.N != 3 {
		t.Errorf("sqlite ns/op %+v", s)
	}
	// A line with a value that is no number is skipped whole, not half read.
	if _, ok := res.Runs["BenchmarkBroken/sqlite"]; ok || res.Metric("BenchmarkBroken/sqlite", "p95-ms") != nil {
		t.Errorf("the broken line was read: %v", res.Runs["BenchmarkBroken/sqlite"])
	}
}
