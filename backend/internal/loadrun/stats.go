package loadrun

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// Percentile is the nearest-rank p-th percentile (0 < p ≤ 100) of values sorted ascending: the
// smallest value with at least p % of the values at or below it. Zero for no values.
func Percentile[T cmp.Ordered](sorted []T, p float64) T {
	var zero T
	if len(sorted) == 0 {
		return zero
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// Latencies summarises one kind of call.
type Latencies struct {
	Kind          string
	Requests      int
	P50, P95, P99 time.Duration
	Max           time.Duration
}

// summarise sorts durations in place and reads their percentiles.
func summarise(kind string, durations []time.Duration) Latencies {
	slices.Sort(durations)
	l := Latencies{Kind: kind, Requests: len(durations)}
	if len(durations) > 0 {
		l.P50, l.P95, l.P99 = Percentile(durations, 50), Percentile(durations, 95), Percentile(durations, 99)
		l.Max = durations[len(durations)-1]
	}
	return l
}
