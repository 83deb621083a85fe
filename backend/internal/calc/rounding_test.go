package calc

import (
	"math"
	"slices"
	"testing"
)

func TestRoundHalfAwayFromZero(t *testing.T) {
	cases := []struct {
		x        float64
		decimals int
		want     float64
	}{
		{2.5, 0, 3},
		{-2.5, 0, -3},
		{0.5, 0, 1},
		{-0.5, 0, -1},
		{1.005, 2, 1.01}, // binary 1.00499999…; the decimal a person typed rounds up
		{-1.005, 2, -1.01},
		{2.675, 2, 2.68}, // the classic case where binary rounding gives 2.67
		{1.2345, 3, 1.235},
		{1.23449, 3, 1.234},
		{9.995, 2, 10},     // carry runs through every digit
		{99.5, 0, 100},     // carry adds a digit
		{-0.004, 2, 0},     // rounds to zero: no "-0"
		{12.3, 4, 12.3},    // already exact
		{1234.5, -1, 1235}, // negative decimals read as 0
		{0, 2, 0},
		{1e-20, 2, 0},
		{123456789.125, 2, 123456789.13},
	}
	for _, c := range cases {
		got := Round(c.x, c.decimals)
		if got != c.want || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("Round(%v, %d) = %v, want %v", c.x, c.decimals, got, c.want)
		}
	}
	if !math.IsNaN(Round(math.NaN(), 2)) || !math.IsInf(Round(math.Inf(-1), 2), -1) {
		t.Error("Round must pass NaN and Inf through")
	}
	if RoundMoney(10.125) != 10.13 || RoundPercent(-3.14159) != -3.14 {
		t.Error("RoundMoney/RoundPercent use the spec's 2 decimals")
	}
}

func TestFormatNumber(t *testing.T) {
	cases := []struct {
		x        float64
		decimals int
		want     string
	}{
		{-1234567.891, 2, "-1,234,567.89"},
		{1234567.895, 2, "1,234,567.90"},
		{999.5, 0, "1,000"},
		{100, 2, "100.00"},
		{0, 0, "0"},
		{-0.001, 2, "0.00"},
		{1000, 4, "1,000.0000"},
		{123456, 0, "123,456"},
	}
	for _, c := range cases {
		if got := FormatNumber(c.x, c.decimals); got != c.want {
			t.Errorf("FormatNumber(%v, %d) = %q, want %q", c.x, c.decimals, got, c.want)
		}
	}
}

func TestRoundShares(t *testing.T) {
	cases := []struct {
		name   string
		values []float64
		want   []int
	}{
		{
			// Shares 33.33… each: floors 33+33+33 = 99, one point left. All remainders and
			// weights tie, so the earliest item gets it.
			name:   "thirds",
			values: []float64{1.0 / 3, 1.0 / 3, 1.0 / 3},
			want:   []int{34, 33, 33},
		},
		{
			// Total 1000: shares 99.7 and 0.3. Floors 99+0 = 99, one point left. Largest
			// remainder is item 0 (0.7) but it is capped at 99 while item 1 is non-zero, so the
			// point goes to item 1: 99/1.
			name:   "dominant item capped at 99",
			values: []float64{997, 3},
			want:   []int{99, 1},
		},
		{
			// Total 1000: 60.6, 39.1, 0.3. Floors 60+39+0 = 99. Remainders 0.6, 0.1, 0.3: the
			// point goes to item 0. Item 2 stays 0 and is labelled "<1%".
			name:   "small item can stay at zero",
			values: []float64{606, 391, 3},
			want:   []int{61, 39, 0},
		},
		{
			// Shares 12.5, 12.5, 25, 50: floors 12+12+25+50 = 99. Remainders tie at 0.5 for
			// items 0 and 1 with equal weights, so the earlier one (item 0) gets the point.
			name:   "tie on remainder and weight goes to the earlier item",
			values: []float64{1, 1, 2, 4},
			want:   []int{13, 12, 25, 50},
		},
		{
			// Total 100: shares are exactly 29, 29, 42; floors already sum to 100, nothing to
			// hand out.
			name:   "exact shares are left alone",
			values: []float64{29, 29, 42},
			want:   []int{29, 29, 42},
		},
		{
			// Total 200: 2.5 (weight 5), 2.5 (weight 5), 95 (weight 190). Floors 2+2+95 = 99.
			// Remainders 0.5, 0.5, 0: item 0 wins the tie by index.
			name:   "half points",
			values: []float64{5, 5, 190},
			want:   []int{3, 2, 95},
		},
		{
			// Total 200: shares 0.5, 1.5, 98. Floors 0+1+98 = 99, one point left. Remainders
			// tie at 0.5 for items 0 and 1; the larger weight (item 1, weight 3) wins.
			name:   "tie on remainder goes to the larger weight",
			values: []float64{1, 3, 196},
			want:   []int{0, 2, 98},
		},
		{
			name:   "all zeros",
			values: []float64{0, 0, 0},
			want:   []int{0, 0, 0},
		},
		{
			name:   "empty",
			values: nil,
			want:   []int{},
		},
		{
			// −50 is clamped to 0, leaving 150 and 50: 75/25.
			name:   "negatives clamped",
			values: []float64{150, -50, 50},
			want:   []int{75, 0, 25},
		},
		{
			name:   "single item is 100",
			values: []float64{0.0001},
			want:   []int{100},
		},
		{
			// One non-zero item among true zeros may be 100: the cap is for shared pies only.
			name:   "one non-zero among true zeros",
			values: []float64{0, 42, 0},
			want:   []int{0, 100, 0},
		},
		{
			// 1e-300 vanishes in the total, so item 0's share is exactly 100.0 in floating
			// point; the cap takes it to 99 and the point goes to the tiny item.
			name:   "cap holds when floating point says 100",
			values: []float64{1, 1e-300},
			want:   []int{99, 1},
		},
		{
			name:   "NaN and Inf count as zero",
			values: []float64{math.NaN(), 3, math.Inf(1), 1},
			want:   []int{0, 75, 0, 25},
		},
		{
			// Seven equal sevenths: 14.2857… each, floors 7×14 = 98, two points go to items 0
			// and 1.
			name:   "sevenths",
			values: []float64{1, 1, 1, 1, 1, 1, 1},
			want:   []int{15, 15, 14, 14, 14, 14, 14},
		},
		{
			// Percentages already in 0..100 that sum to 100 keep their integer parts.
			name:   "percentages in, percentages out",
			values: []float64{45.2, 30.3, 24.5},
			// Floors 45+30+24 = 99; remainders .2 .3 .5 → item 2.
			want: []int{45, 30, 25},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := RoundShares(c.values)
			if !slices.Equal(got, c.want) {
				t.Fatalf("RoundShares(%v) = %v, want %v", c.values, got, c.want)
			}
			sum := 0
			for _, s := range got {
				sum += s
			}
			nonZero := 0
			for _, v := range c.values {
				if v > 0 && !math.IsInf(v, 1) {
					nonZero++
				}
			}
			if nonZero > 0 && sum != 100 {
				t.Fatalf("shares sum to %d, want 100", sum)
			}
		})
	}
}

func TestRoundSharesManyTinyItems(t *testing.T) {
	// 150 equal items: each 0.666…%. Floors are all 0; 100 points go to the first 100 items.
	values := make([]float64, 150)
	for i := range values {
		values[i] = 1
	}
	got := RoundShares(values)
	sum := 0
	for i, s := range got {
		sum += s
		want := 0
		if i < 100 {
			want = 1
		}
		if s != want {
			t.Fatalf("item %d = %d, want %d", i, s, want)
		}
	}
	if sum != 100 {
		t.Fatalf("sum = %d", sum)
	}
}

func TestShareLabel(t *testing.T) {
	cases := []struct {
		value   float64
		rounded int
		want    string
	}{
		{0.3, 0, "<1%"},
		{0, 0, "0%"},
		{-5, 0, "0%"},
		{99.7, 99, "99%"},
		{100, 100, "100%"},
		{0.6, 1, "1%"},
	}
	for _, c := range cases {
		if got := ShareLabel(c.value, c.rounded); got != c.want {
			t.Errorf("ShareLabel(%v, %d) = %q, want %q", c.value, c.rounded, got, c.want)
		}
	}
}

// Shares applies spec 2 §4 in one call. Worked by hand:
//   - 0.4, 59.6, 40: floors 0, 59, 40 (99); the point goes to the largest remainder, 59.6's
//     (0.6 against 0.4): 0, 60, 40. The 0.4 rounds to 0 but is not zero: "<1%".
//   - a lone item is 100%; a true zero beside it shows "0%".
//   - 999 and 1 of 1,000: 99.9 and 0.1 floor to 99 and 0; 99.9's remainder is larger but it may
//     not pass 99 beside another non-zero item, so the point goes to 0.1: 99 and 1.
//   - a negative, NaN or infinite weight has no share and shows "0%", never "<1%".
func TestShares(t *testing.T) {
	cases := []struct {
		values []float64
		want   []Share
	}{
		{[]float64{0.4, 59.6, 40}, []Share{{0, "<1%"}, {60, "60%"}, {40, "40%"}}},
		{[]float64{5, 0}, []Share{{100, "100%"}, {0, "0%"}}},
		{[]float64{999, 1}, []Share{{99, "99%"}, {1, "1%"}}},
		{[]float64{-5, math.NaN(), math.Inf(1), 10}, []Share{{0, "0%"}, {0, "0%"}, {0, "0%"}, {100, "100%"}}},
		{nil, []Share{}},
	}
	for _, c := range cases {
		got := Shares(c.values)
		if len(got) != len(c.want) {
			t.Fatalf("Shares(%v) = %v, want %v", c.values, got, c.want)
		}
		for i := range c.want {
			if got[i] != c.want[i] {
				t.Errorf("Shares(%v) = %v, want %v", c.values, got, c.want)
				break
			}
		}
	}
}
