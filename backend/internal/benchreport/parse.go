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
}

// benchLine is "BenchmarkX/sub-2   20   123456 ns/op [more metrics]".
var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op`)

// Parse reads benchfmt text (what go test -bench prints); other lines are skipped.
func Parse(r io.Reader) (Results, error) {
	res := Results{Runs: map[string][]time.Duration{}}
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
		ns, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			continue
		}
		if !slices.Contains(res.Names, m[1]) {
			res.Names = append(res.Names, m[1])
		}
		res.Runs[m[1]] = append(res.Runs[m[1]], time.Duration(ns))
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
