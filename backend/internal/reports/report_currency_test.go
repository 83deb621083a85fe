package reports

import (
	"testing"

	"wealthportal/backend/internal/portfolio"
)

// Spec 2 §9 "Valuation report default currency GBP in some merged views": a report of accounts
// that share a reporting currency is in it; a merged view of several currencies, or of none
// named, is in GBP (spec 2 §1's default).
func TestReportCurrencyDefaultsToGBP(t *testing.T) {
	for _, tc := range []struct {
		name     string
		accounts []portfolio.Account
		want     string
	}{
		{"shared", []portfolio.Account{{ReportCurrency: "AUD"}, {ReportCurrency: "aud"}}, "AUD"},
		{"plan currency when none is named", []portfolio.Account{{PlanCurrency: "EUR"}}, "EUR"},
		{"merged currencies", []portfolio.Account{{ReportCurrency: "USD"}, {ReportCurrency: "EUR"}}, "GBP"},
		{"no accounts", nil, "GBP"},
	} {
		if got := reportCurrency(tc.accounts); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
