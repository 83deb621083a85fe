package assets

import (
	"slices"
	"strings"
)

// Regions are the regions whose field sets spec 3 §3.5 sets out.
var Regions = []string{"GB", "AU", "CA", "NZ", "ZA", "NA", "AA", "HK", "SG", "TH", "MY", "TW", "ID"}

// commonFields are given in every region on top of the regional set: the row's index (what the
// owner calls and the balance sheet's links name), its currencies, whether it is under advice,
// the client's share (spec 2 §3 investment row: percentOwned, valueOwned) and the investment's
// type description.
var commonFields = []string{"index", "entity_id", "currency", "report_currency", "nbr_under_advice", "percent_owned", "value_owned", "type_description"}

// FieldSet is the wire fields of a list's rows in region (spec 3 §3.5 "Regional field sets"),
// before commonFields. An unknown region gets the GB set, the default locale's (spec 2 §1).
func FieldSet(list, region string) []string {
	region = strings.ToUpper(region)
	if !slices.Contains(Regions, region) {
		region = "GB"
	}
	in := func(regions ...string) bool { return slices.Contains(regions, region) }
	var f []string
	switch list {
	case ListAsset:
		f = []string{"amount", "desc", "type", "amount_in_report_currency", "valuation_date", "owner", "market_value"}
		if in("ZA", "NA", "AA") {
			f = append(f, "asset_number")
		} else {
			f = append(f, "policy_number", "status")
		}
		switch {
		case in("ZA", "HK", "SG", "TH", "MY", "TW", "ID", "NA", "AA"):
			f = append(f, "supplier")
		case in("AU", "CA", "NZ"):
			f = append(f, "supplier_string")
		default:
			f = append(f, "provider", "withdrawal_total", "contribution_total", "is_sipp_wrapper")
		}
	case ListPension:
		f = []string{"type", "fund_value", "is_sipp_wrapper", "desc", "fund_or_policy_num", "product_provider",
			"fund_value_in_report_currency", "fund_valuation_date", "policy_status", "fund_value_in_plan_currency"}
		if in("GB") {
			f = append(f, "contribution_total", "withdrawal_total", "crystallised_fund", "uncrystallised_fund")
		}
	case ListAnnuity:
		f = []string{"description", "type", "frequency", "income_value", "income_rate", "current_value_in_report_currency",
			"product_provider", "policy_number", "owner", "policy_status", "current_value"}
		if in("GB", "ZA", "NA", "AA") {
			f = append(f, "valuation_date")
		}
		if in("GB") {
			f = append(f, "is_sipp_wrapper", "capital_content")
		}
	case ListLiability:
		f = []string{"amount_in_report_currency", "package_name", "type", "supplier", "rate", "policy_number",
			"valuation_date", "owner", "status", "amount"}
		if in("GB") {
			f = append(f, "is_sipp_wrapper")
		}
	}
	return f
}
