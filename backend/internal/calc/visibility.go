package calc

import (
	"cmp"
	"slices"
	"strings"
)

// Visibility is why a user can see an account or portfolio: the platform's
// reason_for_visibility (spec 2 §3, §9).
type Visibility string

// The reason_for_visibility values, in the accounts ordering of spec 2 §9.
const (
	SingleOwner         Visibility = "single_owner"
	PrimaryJointOwner   Visibility = "primary_joint_owner"
	SecondaryJointOwner Visibility = "secondary_joint_owner"
	SharedOwner         Visibility = "shared_owner"
	ExplicitLink        Visibility = "explicit_link"
)

// visibilityOrder lists the values in the accounts ordering of spec 2 §9. It is a function so
// the order cannot be changed at run time.
func visibilityOrder() []Visibility {
	return []Visibility{SingleOwner, PrimaryJointOwner, SecondaryJointOwner, SharedOwner, ExplicitLink}
}

// ParseVisibility reads a reason_for_visibility ignoring case and surrounding space; an
// unknown value is returned as it came, trimmed, and ranks last.
func ParseVisibility(s string) Visibility {
	v := Visibility(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(visibilityOrder(), v) {
		return v
	}
	return Visibility(strings.TrimSpace(s))
}

// IsLinked reports whether the account is seen through an explicit link rather than ownership:
// the "linked" kind, listed under Linked accounts (spec 2 §2.2).
func (v Visibility) IsLinked() bool { return v == ExplicitLink }

// Rank is the position in the accounts ordering (0 for single owner … 4 for explicit link);
// unknown values rank 5, after every known one.
func (v Visibility) Rank() int {
	if i := slices.Index(visibilityOrder(), v); i >= 0 {
		return i
	}
	return len(visibilityOrder())
}

// SortByVisibility orders items by the accounts ordering of spec 2 §9, keeping the existing
// order within each kind (a stable sort), so a caller can sort by name first.
func SortByVisibility[T any](items []T, visibility func(T) Visibility) {
	slices.SortStableFunc(items, func(a, b T) int { return cmp.Compare(visibility(a).Rank(), visibility(b).Rank()) })
}

// Ownership is whose account it is, from the logged-in client's point of view.
type Ownership int

// The ownerships of the performance sort order.
const (
	OwnAccount     Ownership = iota // the client's own
	PartnerAccount                  // the client's partner's (needs view_partner)
	OtherAccount                    // anyone else's, seen through a link
)

// PortfolioType is a portfolio's ptype (spec 2 §3).
type PortfolioType string

// The ptype values of spec 2 §3.
const (
	PortfolioSingle PortfolioType = "PT_SINGLE"
	PortfolioJoint  PortfolioType = "PT_JOINT"
	PortfolioShared PortfolioType = "PT_SHARED"
)

// ParsePortfolioType reads a ptype (PT_SINGLE, PT_JOINT, PT_SHARED) or an account type
// (single, joint, shared), ignoring case and surrounding space.
func ParsePortfolioType(s string) (PortfolioType, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "PT_")
	switch s {
	case "SINGLE":
		return PortfolioSingle, true
	case "JOINT":
		return PortfolioJoint, true
	case "SHARED":
		return PortfolioShared, true
	}
	return "", false
}

// LastLinkedSortOrder is the highest performance sort order still shown among the client's own
// accounts; above it an account is "linked" (spec 2 §9).
const LastLinkedSortOrder = 3

// PerformanceSortOrder is the sort order of spec 2 §9: own single 0, own joint 1, partner
// joint 2, shared 3 (whoever's it is), partner single 4, other single 5, other joint 6. It
// reports false for an unknown ownership or portfolio type.
func PerformanceSortOrder(owner Ownership, ptype PortfolioType) (int, bool) {
	if ptype == PortfolioShared {
		switch owner {
		case OwnAccount, PartnerAccount, OtherAccount:
			return 3, true
		}
		return 0, false
	}
	switch {
	case owner == OwnAccount && ptype == PortfolioSingle:
		return 0, true
	case owner == OwnAccount && ptype == PortfolioJoint:
		return 1, true
	case owner == PartnerAccount && ptype == PortfolioJoint:
		return 2, true
	case owner == PartnerAccount && ptype == PortfolioSingle:
		return 4, true
	case owner == OtherAccount && ptype == PortfolioSingle:
		return 5, true
	case owner == OtherAccount && ptype == PortfolioJoint:
		return 6, true
	}
	return 0, false
}

// IsLinkedSortOrder reports whether a performance sort order is of the linked kind: above 3.
func IsLinkedSortOrder(order int) bool { return order > LastLinkedSortOrder }

// Limits of the account summary's tile layout (spec 2 §2.2): beyond them the tiles become a
// table.
const (
	MaxTiledMyAccounts     = 9
	MaxTiledLinkedAccounts = 8
	MaxTiledAccounts       = 13
)

// UseSummaryTable reports whether the account summary shows a table rather than tiles: when the
// configured mode is table, or my accounts exceed 9, linked accounts exceed 8, or the two
// together exceed 13 (spec 2 §2.2).
func UseSummaryTable(tableMode bool, myAccounts, linkedAccounts int) bool {
	return tableMode ||
		myAccounts > MaxTiledMyAccounts ||
		linkedAccounts > MaxTiledLinkedAccounts ||
		myAccounts+linkedAccounts > MaxTiledAccounts
}
