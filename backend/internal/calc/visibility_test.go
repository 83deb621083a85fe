package calc

import (
	"slices"
	"testing"
)

func TestVisibilityRankAndLinked(t *testing.T) {
	want := []Visibility{SingleOwner, PrimaryJointOwner, SecondaryJointOwner, SharedOwner, ExplicitLink}
	for i, v := range want {
		if v.Rank() != i {
			t.Errorf("%s rank %d, want %d", v, v.Rank(), i)
		}
		if v.IsLinked() != (v == ExplicitLink) {
			t.Errorf("%s IsLinked = %v", v, v.IsLinked())
		}
	}
	if Visibility("delegate").Rank() != 5 {
		t.Error("unknown visibility must rank last")
	}
	if ParseVisibility(" Explicit_Link ") != ExplicitLink || ParseVisibility("Other") != "Other" {
		t.Error("ParseVisibility")
	}
}

func TestSortByVisibility(t *testing.T) {
	type acct struct {
		name string
		vis  Visibility
	}
	accounts := []acct{
		{"Linked ISA", ExplicitLink},
		{"Joint B", SecondaryJointOwner},
		{"Odd", "delegate"},
		{"Pension", SingleOwner},
		{"Family trust", SharedOwner},
		{"Joint A", PrimaryJointOwner},
		{"ISA", SingleOwner},
	}
	SortByVisibility(accounts, func(a acct) Visibility { return a.vis })
	var names []string
	for _, a := range accounts {
		names = append(names, a.name)
	}
	// Within single owner the input order (Pension before ISA) is kept.
	want := []string{"Pension", "ISA", "Joint A", "Joint B", "Family trust", "Linked ISA", "Odd"}
	if !slices.Equal(names, want) {
		t.Fatalf("order %v, want %v", names, want)
	}
}

func TestPerformanceSortOrder(t *testing.T) {
	cases := []struct {
		owner  Ownership
		ptype  PortfolioType
		want   int
		linked bool
	}{
		{OwnAccount, PortfolioSingle, 0, false},
		{OwnAccount, PortfolioJoint, 1, false},
		{PartnerAccount, PortfolioJoint, 2, false},
		{OwnAccount, PortfolioShared, 3, false},
		{PartnerAccount, PortfolioShared, 3, false},
		{OtherAccount, PortfolioShared, 3, false},
		{PartnerAccount, PortfolioSingle, 4, true},
		{OtherAccount, PortfolioSingle, 5, true},
		{OtherAccount, PortfolioJoint, 6, true},
	}
	for _, c := range cases {
		got, ok := PerformanceSortOrder(c.owner, c.ptype)
		if !ok || got != c.want || IsLinkedSortOrder(got) != c.linked {
			t.Errorf("PerformanceSortOrder(%d, %s) = %d, %v (linked %v); want %d (linked %v)",
				c.owner, c.ptype, got, ok, IsLinkedSortOrder(got), c.want, c.linked)
		}
	}
	if _, ok := PerformanceSortOrder(OwnAccount, "PT_TRUST"); ok {
		t.Error("unknown ptype accepted")
	}
	if _, ok := PerformanceSortOrder(Ownership(9), PortfolioShared); ok {
		t.Error("unknown ownership accepted")
	}
}

func TestParsePortfolioType(t *testing.T) {
	cases := map[string]PortfolioType{
		"PT_SINGLE": PortfolioSingle, "pt_joint": PortfolioJoint, " PT_SHARED": PortfolioShared,
		"joint": PortfolioJoint, "Shared": PortfolioShared, "single": PortfolioSingle,
	}
	for in, want := range cases {
		if got, ok := ParsePortfolioType(in); !ok || got != want {
			t.Errorf("ParsePortfolioType(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := ParsePortfolioType("trust"); ok {
		t.Error("unknown type accepted")
	}
}

func TestUseSummaryTable(t *testing.T) {
	cases := []struct {
		table        bool
		mine, linked int
		want         bool
	}{
		{false, 0, 0, false},
		{true, 1, 0, true}, // mode table wins
		{false, 9, 0, false},
		{false, 10, 0, true}, // my accounts exceed 9
		{false, 0, 8, false},
		{false, 0, 9, true},  // linked exceed 8
		{false, 5, 8, false}, // 13 together: not over
		{false, 6, 8, true},  // 14 together
		{false, 9, 4, false}, // 13
		{false, 9, 5, true},  // 14: each within its own limit, together over
	}
	for _, c := range cases {
		if got := UseSummaryTable(c.table, c.mine, c.linked); got != c.want {
			t.Errorf("UseSummaryTable(%v, %d, %d) = %v, want %v", c.table, c.mine, c.linked, got, c.want)
		}
	}
}
