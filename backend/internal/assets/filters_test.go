package assets

import (
	"reflect"
	"testing"
)

// Spec 3 §5's asset filters, row by row: each list's kept statuses, the pension wrapper types
// and policy statuses by region, and SIPP wrapper records of any list.
func TestShown(t *testing.T) {
	for _, tc := range []struct {
		name   string
		r      Record
		region string
		want   bool
	}{
		{"investment, blank status", Record{List: ListAsset, Status: ""}, "GB", true},
		{"investment Existing", Record{List: ListAsset, Status: "Existing"}, "GB", true},
		{"investment Paid Up", Record{List: ListAsset, Status: "Paid Up"}, "GB", true},
		{"investment Surrendered", Record{List: ListAsset, Status: "Surrendered"}, "GB", false},
		{"investment existing (case matters, as the platform's choices are fixed)", Record{List: ListAsset, Status: "existing"}, "GB", false},
		{"investment held in a SIPP wrapper record", Record{List: ListAsset, Status: "Existing", IsSIPPWrapper: true}, "GB", false},
		{"annuity blank", Record{List: ListAnnuity}, "GB", true},
		{"annuity Inforce", Record{List: ListAnnuity, Status: "Inforce"}, "GB", true},
		{"annuity Lapsed", Record{List: ListAnnuity, Status: "Lapsed"}, "GB", false},
		{"liability blank", Record{List: ListLiability}, "GB", true},
		{"liability Current", Record{List: ListLiability, Status: "Current"}, "GB", true},
		{"liability Redeemed", Record{List: ListLiability, Status: "Redeemed"}, "GB", false},
		{"pension Active in GB", Record{List: ListPension, Type: "Personal Pension", Status: "Active"}, "GB", true},
		{"pension Active in AU", Record{List: ListPension, Type: "Personal Pension", Status: "Active"}, "AU", false},
		{"pension Inforce in ZA", Record{List: ListPension, Type: "Retirement annuity", Status: "Inforce"}, "ZA", true},
		{"pension Inforce in GB", Record{List: ListPension, Type: "Personal Pension", Status: "Inforce"}, "GB", false},
		{"pension Premium Holiday", Record{List: ListPension, Type: "Personal Pension", Status: "Premium Holiday"}, "NZ", true},
		{"pension Transferred", Record{List: ListPension, Type: "Personal Pension", Status: "Transferred"}, "GB", false},
		{"pension type SIPP", Record{List: ListPension, Type: "SIPP", Status: "Active"}, "GB", false},
		{"pension type QNUPs", Record{List: ListPension, Type: "QNUPs"}, "GB", false},
		{"pension type QROPs", Record{List: ListPension, Type: "QROPs"}, "GB", false},
		{"pension type RNUPs Wrapper", Record{List: ListPension, Type: "RNUPs Wrapper"}, "GB", false},
		{"pension flagged is_sipp_wrapper", Record{List: ListPension, Type: "Personal Pension", IsSIPPWrapper: true}, "GB", false},
		{"unknown list", Record{List: "other"}, "GB", false},
	} {
		if got := Shown(tc.r, tc.region); got != tc.want {
			t.Errorf("%s: Shown = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// The wealth toggle's views: managed is under advice (nbr_under_advice above 0).
func TestInView(t *testing.T) {
	for _, tc := range []struct {
		nbr  int
		view string
		want bool
	}{
		{1, ViewManaged, true}, {3, ViewManaged, true}, {0, ViewManaged, false},
		{0, ViewNonManaged, true}, {2, ViewNonManaged, false},
		{0, ViewEverything, true}, {5, ViewEverything, true},
	} {
		if got := InView(Record{NbrUnderAdvice: tc.nbr}, tc.view); got != tc.want {
			t.Errorf("nbr_under_advice %d in %s: %v, want %v", tc.nbr, tc.view, got, tc.want)
		}
	}
}

func TestVisible(t *testing.T) {
	if !Visible(Record{LoginAccessible: true}) || Visible(Record{LoginAccessible: false}) {
		t.Error("only login_accessible records are visible")
	}
}

// Owners with a percentage above 0 only; the client's share of a joint asset is its percentage
// of the value.
func TestOwnersAndShares(t *testing.T) {
	all := []Owner{{EntityID: 1, Percentage: 60}, {EntityID: 2, Percentage: 40}, {EntityID: 3, Percentage: 0}}
	if got, want := Owners(all), all[:2]; !reflect.DeepEqual(got, want) {
		t.Errorf("Owners = %v, want %v", got, want)
	}
	for _, tc := range []struct {
		name   string
		owners []Owner
		client int64
		want   float64
	}{
		{"joint, the client's 60 %", all, 1, 60},
		{"joint, the partner's 40 %", all, 2, 40},
		{"an owner at 0 % owns nothing", all, 3, 0},
		{"not an owner", all, 9, 0},
		{"no owner records: the client's own", nil, 1, 100},
	} {
		if got := PercentOwned(tc.owners, tc.client); got != tc.want {
			t.Errorf("%s: PercentOwned = %v, want %v", tc.name, got, tc.want)
		}
	}
	// 60 % of 300,000.00 is 180,000.00; 33.33 % of 1,000.00 is 333.30.
	if got := ValueOwned(300000, 60); got != 180000 {
		t.Errorf("ValueOwned(300000, 60) = %v, want 180000", got)
	}
	if got := ValueOwned(1000, 33.33); got < 333.2999 || got > 333.3001 {
		t.Errorf("ValueOwned(1000, 33.33) = %v, want 333.30", got)
	}
}

// Spec 3 §3.5's regional field sets.
func TestFieldSet(t *testing.T) {
	for _, tc := range []struct {
		list, region string
		want         []string
	}{
		{ListAsset, "GB", []string{"amount", "desc", "type", "amount_in_report_currency", "valuation_date", "owner", "market_value",
			"policy_number", "status", "provider", "withdrawal_total", "contribution_total", "is_sipp_wrapper"}},
		{ListAsset, "ZA", []string{"amount", "desc", "type", "amount_in_report_currency", "valuation_date", "owner", "market_value",
			"asset_number", "supplier"}},
		{ListAsset, "AU", []string{"amount", "desc", "type", "amount_in_report_currency", "valuation_date", "owner", "market_value",
			"policy_number", "status", "supplier_string"}},
		{ListAsset, "HK", []string{"amount", "desc", "type", "amount_in_report_currency", "valuation_date", "owner", "market_value",
			"policy_number", "status", "supplier"}},
		{ListAsset, "xx", FieldSet(ListAsset, "GB")},
		{ListPension, "GB", []string{"type", "fund_value", "is_sipp_wrapper", "desc", "fund_or_policy_num", "product_provider",
			"fund_value_in_report_currency", "fund_valuation_date", "policy_status", "fund_value_in_plan_currency",
			"contribution_total", "withdrawal_total", "crystallised_fund", "uncrystallised_fund"}},
		{ListPension, "NZ", []string{"type", "fund_value", "is_sipp_wrapper", "desc", "fund_or_policy_num", "product_provider",
			"fund_value_in_report_currency", "fund_valuation_date", "policy_status", "fund_value_in_plan_currency"}},
		{ListAnnuity, "GB", []string{"description", "type", "frequency", "income_value", "income_rate", "current_value_in_report_currency",
			"product_provider", "policy_number", "owner", "policy_status", "current_value", "valuation_date", "is_sipp_wrapper", "capital_content"}},
		{ListAnnuity, "NA", []string{"description", "type", "frequency", "income_value", "income_rate", "current_value_in_report_currency",
			"product_provider", "policy_number", "owner", "policy_status", "current_value", "valuation_date"}},
		{ListAnnuity, "SG", []string{"description", "type", "frequency", "income_value", "income_rate", "current_value_in_report_currency",
			"product_provider", "policy_number", "owner", "policy_status", "current_value"}},
		{ListLiability, "GB", []string{"amount_in_report_currency", "package_name", "type", "supplier", "rate", "policy_number",
			"valuation_date", "owner", "status", "amount", "is_sipp_wrapper"}},
		{ListLiability, "CA", []string{"amount_in_report_currency", "package_name", "type", "supplier", "rate", "policy_number",
			"valuation_date", "owner", "status", "amount"}},
	} {
		if got := FieldSet(tc.list, tc.region); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("FieldSet(%s, %s) =\n %v\nwant %v", tc.list, tc.region, got, tc.want)
		}
	}
}
