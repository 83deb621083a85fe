package loadrun

import (
	"testing"
	"time"
)

// Nearest rank, worked by hand: for n sorted values the p-th percentile is the value at rank
// ceil(p/100 × n), counting from 1.
func TestPercentileNearestRank(t *testing.T) {
	ten := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, c := range []struct {
		values []int
		p      float64
		want   int
	}{
		{ten, 50, 5},   // ceil(0.50 × 10) = 5 → 5
		{ten, 95, 10},  // ceil(0.95 × 10) = ceil(9.5) = 10 → 10
		{ten, 90, 9},   // ceil(0.90 × 10) = 9 → 9
		{ten, 10, 1},   // ceil(0.10 × 10) = 1 → 1
		{ten, 0.1, 1},  // ceil(0.01) = 1: never below the first
		{ten, 100, 10}, // the last
		{[]int{7}, 99, 7},
		{[]int{10, 20, 30}, 50, 20},     // ceil(1.5) = 2 → 20: the median of three
		{[]int{10, 20, 30, 40}, 50, 20}, // ceil(2.0) = 2 → 20 (nearest rank does not average)
		{nil, 50, 0},
	} {
		if got := Percentile(c.values, c.p); got != c.want {
			t.Errorf("Percentile(%v, %v) = %d, want %d", c.values, c.p, got, c.want)
		}
	}
}

// 200 samples of 1..200 ms in shuffled order: p50 is the 100th (100 ms), p95 the 190th, p99 the
// 198th, max 200 ms.
func TestSummariseSortsAndReads(t *testing.T) {
	var d []time.Duration
	for i := 200; i >= 1; i-- {
		d = append(d, time.Duration((i*37)%200+1)*time.Millisecond) // 37 is prime to 200: a permutation
	}
	l := summarise("x", d)
	want := Latencies{Kind: "x", Requests: 200, P50: 100 * time.Millisecond, P95: 190 * time.Millisecond, P99: 198 * time.Millisecond, Max: 200 * time.Millisecond}
	if l != want {
		t.Fatalf("%+v, want %+v", l, want)
	}
}
