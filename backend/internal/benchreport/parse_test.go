package benchreport

import (
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
