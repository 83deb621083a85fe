package calc

import (
	"math"
	"testing"
)

// benchSeries is five years of daily closes with a flow every month (60 flows), built from a
// deterministic formula so every run measures the same work.
func benchSeries() ([]Point, []Flow, DateRange) {
	start := Date(2020, 1, 1)
	end := AddYearsClamped(start, 5)
	var values []Point
	var flows []Flow
	v := 100000.0
	for d, i := start, 0; !d.After(end); d, i = d.AddDate(0, 0, 1), i+1 {
		// Money in arrives before the day's growth and money out leaves after it, as TWRR
		// takes them, so the return is exactly the product of the daily growth factors.
		amount := 0.0
		if d.Day() == 15 {
			amount = 1000.0
			if d.Month()%3 == 0 {
				amount = -1500
			}
			flows = append(flows, Flow{Date: d, Amount: amount})
		}
		if amount > 0 {
			v += amount
		}
		v *= 1 + 0.0003 + 0.01*math.Sin(float64(i)/7)
		if amount < 0 {
			v += amount
		}
		values = append(values, Point{Date: d, Value: v})
	}
	return values, flows, DateRange{start, end}
}

func BenchmarkTWRRFiveYearsDaily(b *testing.B) {
	values, flows, r := benchSeries()
	if len(flows) != 60 {
		b.Fatalf("%d flows, want 60", len(flows))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := TWRR(values, flows, r.Start, r.End); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkXIRR120Flows(b *testing.B) {
	// An opening investment, 118 fortnightly contributions and a closing value.
	start := Date(2020, 1, 1)
	flows := []CashFlow{{Date: start, Amount: -50000}}
	for i := 1; i <= 118; i++ {
		flows = append(flows, CashFlow{Date: start.AddDate(0, 0, 14*i), Amount: -500 - float64(i%5)*100})
	}
	flows = append(flows, CashFlow{Date: start.AddDate(0, 0, 14*119), Amount: 160000})
	if len(flows) != 120 {
		b.Fatalf("%d flows, want 120", len(flows))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := XIRR(flows); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSampleMonthly(b *testing.B) {
	values, _, _ := benchSeries()
	b.ReportAllocs()
	for b.Loop() {
		Sample(values, FrequencyMonthly)
	}
}
