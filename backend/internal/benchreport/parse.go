package benchreport

import (
	"bufio"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Results are the benchmark lines of one `go test -bench` output.
type Results struct {
	CPU   string                     // the "cpu:" line go test prints
	Names []string                   // benchmark names without the -GOMAXPROCS suffix, first seen first
	Runs  map[string][]time.Duration // each name's time per operation, one per run (-count)
	// Metrics are each name's other values by unit, one per run that reported it: the
	// custom ones of b.ReportMetric ("p95-ms") as well as B/op and allocs/op.
	Metrics map[string]map[string][]float64
}

// Metric is one name's values of one unit, one per run ("BenchmarkX/sqlite", "p95-ms").
func (r Results) Metric(name, unit string) []float64 {
	return r.Metrics[name][unit]
}

// benchLine is "BenchmarkX/sub-2   20   123456 ns/op [value unit]...".
var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+(.*)$`)

// Parse reads benchfmt text (what go test -bench prints); other lines are skipped.
func Parse(r io.Reader) (Results, error) {
	res := Results{Runs: map[string][]time.Duration{}, Metrics: map[string]map[string][]float64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if cpu, ok := strings.CutPrefix(line, "cpu: "); ok {
			res.CPU = strings.TrimSpace(cpu)
			continue
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name, fields := m[1], strings.Fields(m[2])
		// benchfmt: the values come in "value unit" pairs; ns/op is the first of them.
		if len(fields) < 2 || len(fields)%2 != 0 || fields[1] != "ns/op" {
			continue
		}
		values := map[string]float64{}
		for i := 0; i < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				values = nil
				break
			}
			values[fields[i+1]] = v
		}
		if values == nil {
			continue
		}
		if !slices.Contains(res.Names, name) {
			res.Names = append(res.Names, name)
		}
		res.Runs[name] = append(res.Runs[name], time.Duration(values["ns/op"]))
		for i := 2; i < len(fields); i += 2 {
			unit := fields[i+1]
			if res.Metrics[name] == nil {
				res.Metrics[name] = map[string][]float64{}
			}
			res.Metrics[name][unit] = append(res.Metrics[name][unit], values[unit])
		}
	}
	return res, sc.Err()
}

// Spread is min / median / max of some runs (the median of an even count is the lower middle).
type Spread[T any] struct {
	Min, Median, Max T
	N                int
}

// SpreadOf sorts a copy of values and reads min, median and max.
func SpreadOf[T int | int64 | float64 | time.Duration](values []T) Spread[T] {
	if len(values) == 0 {
		return Spread[T]{}
	}
	s := slices.Clone(values)
	slices.Sort(s)
	return Spread[T]{Min: s[0], Median: s[(len(s)-1)/2], Max: s[len(s)-1], N: len(s)}
}
