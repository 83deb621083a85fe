package calc

import "testing"

func TestBookCostAndUnrealisedGain(t *testing.T) {
	cases := []struct {
		name               string
		value, cost        float64
		plan               bool
		wantCost, wantGain float64
		available          bool
	}{
		// 12,500 − 10,000 = 2,500.
		{"gain", 12500, 10000, false, 10000, 2500, true},
		// 8,000 − 10,000 = −2,000.
		{"loss", 8000, 10000, false, 10000, -2000, true},
		{"zero cost", 12500, 0, false, 0, 0, false},
		{"plan currency", 12500, 10000, true, 0, 0, false},
		{"zero cost in plan currency", 12500, 0, true, 0, 0, false},
	}
	for _, c := range cases {
		cost, ok1 := BookCost(c.cost, c.plan)
		gain, ok2 := UnrealisedGain(c.value, c.cost, c.plan)
		if ok1 != c.available || ok2 != c.available || cost != c.wantCost || gain != c.wantGain {
			t.Errorf("%s: BookCost %v %v, UnrealisedGain %v %v", c.name, cost, ok1, gain, ok2)
		}
	}
}

func TestPercentGainLoss(t *testing.T) {
	cases := []struct {
		value, cost, want float64
		ok                bool
	}{
		{12500, 10000, 25, true}, // 2,500 / 10,000 × 100
		{8000, 10000, -20, true}, // −2,000 / 10,000 × 100
		{10000, 10000, 0, true},
		{0, 10000, -100, true},    // total loss
		{-1500, -1000, -50, true}, // short: (−1500 + 1000) / 1000 × 100, a loss stays negative
		{5000, 0, 0, false},
	}
	for _, c := range cases {
		got, ok := PercentGainLoss(c.value, c.cost)
		if ok != c.ok || !near(got, c.want) {
			t.Errorf("PercentGainLoss(%v, %v) = %v, %v; want %v, %v", c.value, c.cost, got, ok, c.want, c.ok)
		}
	}
}

func TestPercentYield(t *testing.T) {
	cases := []struct {
		income, value, want float64
		ok                  bool
	}{
		{350, 10000, 3.5, true},     // 350 / 10,000 × 100 = 3.5
		{123.456, 7000, 1.76, true}, // 1.763657… → 1.76
		{1, 3, 33.33, true},         // 33.333… → 33.33
		{2, 3, 66.67, true},         // 66.666… → 66.67
		{0.125, 1000, 0.01, true},   // 0.0125 → 0.01 (the third decimal is 2)
		{0.1005, 10, 1.01, true},    // 1.005 → 1.01, half away from zero
		{0, 10000, 0, true},
		{100, 0, 0, false},
	}
	for _, c := range cases {
		got, ok := PercentYield(c.income, c.value)
		if ok != c.ok || got != c.want {
			t.Errorf("PercentYield(%v, %v) = %v, %v; want %v, %v", c.income, c.value, got, ok, c.want, c.ok)
		}
	}
}

func TestIsCash(t *testing.T) {
	cases := []struct {
		setting any
		want    bool
	}{
		{"cash", true},
		{"CASH", true},
		{" Cash ", true},
		{"cash.gbp", true},
		{"Cash.Deposit", true},
		{"au.cash", true},
		{"UK.CASH", true},
		{"cashflow", false},   // no dot after the prefix
		{"petty_cash", false}, // no dot before the suffix
		{"cash-like", false},
		{"equity.cash.fund", false}, // contains, but neither starts nor ends so
		{".cash", true},             // ends with .cash
		{"cash.", true},             // starts with cash.
		{"", false},
		{"   ", false},
		{nil, false},
		{42, false},
		{[]string{"cash"}, false},
	}
	for _, c := range cases {
		if got := IsCash(c.setting); got != c.want {
			t.Errorf("IsCash(%#v) = %v, want %v", c.setting, got, c.want)
		}
	}
}

func TestSettingText(t *testing.T) {
	cases := []struct {
		setting any
		want    string
	}{
		{"cash.gbp", "cash.gbp"},
		{"  Equities ", "Equities"},
		{"", InvalidData},
		{"  ", InvalidData},
		{nil, InvalidData},
		{3.5, InvalidData},
		{true, InvalidData},
	}
	for _, c := range cases {
		if got := SettingText(c.setting); got != c.want {
			t.Errorf("SettingText(%#v) = %q, want %q", c.setting, got, c.want)
		}
	}
	if InvalidData != "INVALID DATA" || NotAvailable != "Not available" {
		t.Fatal("display texts changed")
	}
}
