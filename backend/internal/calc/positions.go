package calc

import (
	"strings"
)

// NotAvailable is what a figure shows when it cannot be worked out (spec 2 §5).
const NotAvailable = "Not available"

// InvalidData is what a setting's display text shows when the setting is not a usable string
// (spec 3 §5).
const InvalidData = "INVALID DATA"

// BookCost is a position's book cost for display, and whether it can be shown. It cannot when
// the cost is zero (no cost was recorded, so a gain against it would be the whole value) or
// when the position is shown in the plan currency, where the platform has no historic cost
// (spec 2 §5: both show "Not available").
func BookCost(cost float64, inPlanCurrency bool) (float64, bool) {
	if cost == 0 || inPlanCurrency {
		return 0, false
	}
	return cost, true
}

// UnrealisedGain is value − cost, with the same availability rule as BookCost.
func UnrealisedGain(value, cost float64, inPlanCurrency bool) (float64, bool) {
	if _, ok := BookCost(cost, inPlanCurrency); !ok {
		return 0, false
	}
	return value - cost, true
}

// PercentGainLoss is the unrealised gain as percentage points of the cost:
// (value − cost) / |cost| × 100. Dividing by |cost| keeps the sign of the gain for a negative
// cost (a short position). It is unavailable when the cost is zero.
func PercentGainLoss(value, cost float64) (float64, bool) {
	if cost == 0 {
		return 0, false
	}
	if cost < 0 {
		return (value - cost) / -cost * 100, true
	}
	return (value - cost) / cost * 100, true
}

// PercentYield is annual income as percentage points of value, rounded to 2 decimals
// (spec 2 §5). The same function serves the net and gross yields. It is unavailable when the
// value is zero.
func PercentYield(annualIncome, value float64) (float64, bool) {
	if value == 0 {
		return 0, false
	}
	return Round(annualIncome/value*100, PercentDecimals), true
}

// IsCash reports whether a setting (an asset class or similar code) marks cash (spec 3 §5): it
// equals "cash", starts with "cash." or ends with ".cash", ignoring case and surrounding space.
// Anything that is not a non-blank string is not cash.
func IsCash(setting any) bool {
	s, ok := setting.(string)
	if !ok {
		return false
	}
	s = strings.ToLower(strings.TrimSpace(s))
	return s == "cash" || strings.HasPrefix(s, "cash.") || strings.HasSuffix(s, ".cash")
}

// SettingText is a setting's display text: the trimmed string, or InvalidData when the setting
// is not a string or is blank (spec 3 §5).
func SettingText(setting any) string {
	s, ok := setting.(string)
	if !ok {
		return InvalidData
	}
	if s = strings.TrimSpace(s); s == "" {
		return InvalidData
	}
	return s
}
