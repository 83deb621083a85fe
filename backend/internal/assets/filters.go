package assets

import (
	"slices"
	"strings"
)

// List names of a client's four asset lists (spec 2 §7, spec 3 §7): the path segment of
// entity/client/{id}/{list} and the list_name of total_amount.
const (
	ListAsset     = "asset"     // investments
	ListPension   = "fund_za"   // pensions
	ListAnnuity   = "annuity"   // annuities
	ListLiability = "liability" // liabilities
)

// Lists are the four list names in the balance sheet's tab order (spec 2 §2.5: 0 investments,
// 1 pensions, 2 annuities, 3 liabilities).
var Lists = []string{ListAsset, ListPension, ListAnnuity, ListLiability}

// AmountField is the field each list's value is in (spec 2 §7 "Asset totals": amount_field
// amount, fund_value or current_value).
func AmountField(list string) string {
	switch list {
	case ListPension:
		return "fund_value"
	case ListAnnuity:
		return "current_value"
	}
	return "amount"
}

// Views of the wealth toggle (spec 2 §2.5): the list_filter names.
const (
	ViewManaged    = "managed"
	ViewNonManaged = "non_managed"
	ViewEverything = "everything"
)

// pensionWrapperTypes are the pension types that wrap other pensions and are left out so that
// nothing is counted twice (spec 3 §5).
var pensionWrapperTypes = []string{"SIPP", "QNUPs", "QROPs", "RNUPs Wrapper"}

// keptStatuses are the statuses an investment, annuity or liability keeps (spec 3 §5); blank
// is an asset without a status.
var keptStatuses = map[string][]string{
	ListAsset:     {"", "Existing", "Paid Up"},
	ListAnnuity:   {"", "Inforce"},
	ListLiability: {"", "Current"},
}

// PensionStatuses are the policy statuses a pension keeps in region (spec 3 §3.5 "Policy status
// choices": blank, Paid Up, Premium Holiday, plus Active for GB and Inforce for NA, AA, ZA).
func PensionStatuses(region string) []string {
	out := []string{"", "Paid Up", "Premium Holiday"}
	switch strings.ToUpper(region) {
	case "GB":
		out = append(out, "Active")
	case "NA", "AA", "ZA":
		out = append(out, "Inforce")
	}
	return out
}

// Record is what the filters look at in an asset of any list.
type Record struct {
	List            string
	Type            string
	Status          string
	IsSIPPWrapper   bool
	NbrUnderAdvice  int
	LoginAccessible bool
}

// Shown reports whether a record passes spec 3 §5's asset filters in region, whatever the view:
// investments keep status blank, Existing or Paid Up; annuities blank or Inforce; liabilities
// blank or Current; pensions keep the region's policy statuses and leave out the wrapper types.
// A SIPP wrapper record (is_sipp_wrapper) of any list is left out too: it is the container of
// pensions and investments that are recorded on their own.
func Shown(r Record, region string) bool {
	if r.IsSIPPWrapper {
		return false
	}
	if r.List == ListPension {
		return !slices.Contains(pensionWrapperTypes, r.Type) && slices.Contains(PensionStatuses(region), r.Status)
	}
	kept, ok := keptStatuses[r.List]
	return ok && slices.Contains(kept, r.Status)
}

// InView reports whether a record that is Shown belongs to a view of the wealth toggle: managed
// assets are those under advice (nbr_under_advice above 0), non-managed the others.
func InView(r Record, view string) bool {
	switch view {
	case ViewManaged:
		return r.NbrUnderAdvice > 0
	case ViewNonManaged:
		return r.NbrUnderAdvice <= 0
	}
	return true
}

// Visible reports whether the caller may see a record at all: a client login sees only the
// records marked login_accessible, and an adviser too (spec 3 §5 "Assets of adviser users
// require login_accessible"), so an adviser with the client in context sees what the client does.
func Visible(r Record) bool { return r.LoginAccessible }

// Owner is one owner of an asset with its share in percent.
type Owner struct {
	EntityID   int64
	FirstName  string
	LastName   string
	Name       string
	Percentage float64
}

// Owners keeps the owners with a percentage above 0 (spec 3 §5), in the order given.
func Owners(all []Owner) []Owner {
	out := make([]Owner, 0, len(all))
	for _, o := range all {
		if o.Percentage > 0 {
			out = append(out, o)
		}
	}
	return out
}

// PercentOwned is the share of an asset the client owns, in percent: the client's own
// percentage among the asset's owners; an asset without owner records is wholly the client's
// it is recorded for.
func PercentOwned(owners []Owner, clientID int64) float64 {
	if len(owners) == 0 {
		return 100
	}
	total := 0.0
	for _, o := range owners {
		if o.EntityID == clientID && o.Percentage > 0 {
			total += o.Percentage
		}
	}
	return min(total, 100)
}

// ValueOwned is the client's share of a joint asset's value (spec 3 §9 "Joint investments: value
// share equals percent owned of value"), unrounded.
func ValueOwned(value, percentOwned float64) float64 { return value * percentOwned / 100 }
