package calc

import (
	"errors"
	"math"
	"testing"
	"time"
)

func fxTable(t *testing.T) *RateTable {
	t.Helper()
	table, err := NewRateTable([]Rate{
		{"GBP", "USD", Date(2024, 1, 2), 1.25},
		{"GBP", "USD", Date(2024, 1, 5), 1.28},
		{"gbp", "usd", Date(2024, 1, 8), 1.30},  // codes are case-insensitive
		{"EUR", "GBP", Date(2024, 1, 3), 0.80},  // only EUR→GBP is published
		{"GBX", "AUD", Date(2024, 1, 2), 0.019}, // quoted per penny: GBP→AUD 1.90
		// Both directions published: the later one wins.
		{"USD", "CAD", Date(2024, 1, 2), 1.30},
		{"CAD", "USD", Date(2024, 1, 4), 0.80},
	})
	if err != nil {
		t.Fatal(err)
	}
	return table
}

func TestRateTableRate(t *testing.T) {
	table := fxTable(t)
	cases := []struct {
		name     string
		from, to string
		date     time.Time
		want     float64
	}{
		{"exact date", "GBP", "USD", Date(2024, 1, 5), 1.28},
		// 7 January has no rate: the latest on or before it is 5 January's.
		{"latest before", "GBP", "USD", Date(2024, 1, 7), 1.28},
		{"after the last", "GBP", "USD", Date(2024, 6, 1), 1.30},
		// Inverse: 1 USD = 1/1.25 GBP = 0.8 GBP on 2 January.
		{"inverse", "USD", "GBP", Date(2024, 1, 2), 0.8},
		// Only EUR→GBP 0.80: GBP→EUR = 1/0.80 = 1.25.
		{"inverse only", "GBP", "EUR", Date(2024, 1, 3), 1.25},
		{"same currency", "JPY", "jpy", Date(1990, 1, 1), 1},
		// Pence: 100 GBX = 1 GBP, with or without a table entry.
		{"GBX to GBP", "GBX", "GBP", Date(2024, 1, 1), 0.01},
		{"GBP to GBX", "GBP", "GBX", Date(2024, 1, 1), 100},
		// 1 GBX = 1.25/100 USD = 0.0125 USD.
		{"GBX to USD", "GBX", "USD", Date(2024, 1, 2), 0.0125},
		// 1 USD = 0.8 GBP = 80 GBX.
		{"USD to GBX", "USD", "GBX", Date(2024, 1, 2), 80},
		// Quoted per penny 0.019 → 1 GBP = 1.90 AUD; 1 AUD = 1/1.90 GBP.
		{"GBX-quoted rate", "GBP", "AUD", Date(2024, 1, 2), 1.90},
		{"GBX-quoted rate, inverse", "AUD", "GBP", Date(2024, 1, 2), 1 / 1.90},
		// USD→CAD 1.30 (2 Jan) and CAD→USD 0.80 (4 Jan): on 3 Jan only the first exists; from
		// 4 Jan the later publication wins, USD→CAD = 1/0.80 = 1.25.
		{"direct while newest", "USD", "CAD", Date(2024, 1, 3), 1.30},
		{"newer inverse wins", "USD", "CAD", Date(2024, 1, 4), 1.25},
	}
	for _, c := range cases {
		got, err := table.Rate(c.from, c.to, c.date)
		if err != nil || math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: Rate(%s, %s, %s) = %v, %v; want %v", c.name, c.from, c.to, FormatDate(c.date), got, err, c.want)
		}
	}
}

func TestRateTableUnavailable(t *testing.T) {
	table := fxTable(t)
	cases := []struct {
		name     string
		from, to string
		date     time.Time
	}{
		{"before the first rate", "GBP", "USD", Date(2024, 1, 1)},
		{"no such pair", "GBP", "JPY", Date(2024, 1, 5)},
		// EUR→GBP and GBP→USD exist, but rates are not chained.
		{"no cross rates", "EUR", "USD", Date(2024, 1, 5)},
		{"blank code", "", "USD", Date(2024, 1, 5)},
	}
	for _, c := range cases {
		_, err := table.Rate(c.from, c.to, c.date)
		if !errors.Is(err, ErrConversionRateUnavailable) {
			t.Errorf("%s: error %v", c.name, err)
		}
	}
	if ErrConversionRateUnavailable.Error() != "Conversion rate unavailable" {
		t.Fatalf("message %q", ErrConversionRateUnavailable.Error())
	}
	var none *RateTable
	if _, err := none.Rate("GBP", "USD", Date(2024, 1, 5)); !errors.Is(err, ErrConversionRateUnavailable) {
		t.Errorf("nil table: %v", err)
	}
	if r, err := none.Rate("GBX", "GBP", Date(2024, 1, 5)); err != nil || r != 0.01 {
		t.Errorf("nil table, pence: %v %v", r, err)
	}
}

func TestRateTableConvert(t *testing.T) {
	table := fxTable(t)
	// 2,500 GBX = 25 GBP; at 1.28 that is 32 USD.
	got, err := table.Convert(2500, "GBX", "USD", Date(2024, 1, 6))
	if err != nil || math.Abs(got-32) > 1e-12 {
		t.Fatalf("Convert = %v, %v; want 32", got, err)
	}
	if _, err := table.Convert(1, "GBP", "JPY", Date(2024, 1, 6)); !errors.Is(err, ErrConversionRateUnavailable) {
		t.Fatalf("Convert without a rate: %v", err)
	}
}

func TestNewRateTable(t *testing.T) {
	for _, bad := range []Rate{
		{"", "USD", Date(2024, 1, 1), 1},
		{"GBP", "USD", Date(2024, 1, 1), 0},
		{"GBP", "USD", Date(2024, 1, 1), -1.2},
		{"GBP", "USD", Date(2024, 1, 1), math.NaN()},
		{"GBP", "USD", Date(2024, 1, 1), math.Inf(1)},
	} {
		if _, err := NewRateTable([]Rate{bad}); !errors.Is(err, ErrInvalidRate) {
			t.Errorf("NewRateTable(%+v) error = %v", bad, err)
		}
	}
	// A re-published rate for the same day replaces the earlier entry.
	table, err := NewRateTable([]Rate{{"GBP", "USD", Date(2024, 1, 2), 1.25}, {"GBP", "USD", Date(2024, 1, 2), 1.26}})
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := table.Rate("GBP", "USD", Date(2024, 1, 2)); r != 1.26 {
		t.Errorf("re-published rate = %v, want 1.26", r)
	}
}

func TestFormatFXRate(t *testing.T) {
	cases := map[float64]string{1.28: "1.2800", 1.234567: "1.2346", 0.00005: "0.0001", 100: "100.0000", 1.23455: "1.2346"}
	for in, want := range cases {
		if got := FormatFXRate(in); got != want {
			t.Errorf("FormatFXRate(%v) = %q, want %q", in, got, want)
		}
	}
}
