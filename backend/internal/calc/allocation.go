package calc

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"
)

// AllocationMethod is how a position's value is attributed to categories (spec 2 §5).
type AllocationMethod int

// The allocation methods of spec 2 §5.
const (
	// AllocationDetailed splits a position across its look-through percentage maps
	// (asset_class_allocation, regional_allocation): a balanced fund counts partly as equity
	// and partly as bonds.
	AllocationDetailed AllocationMethod = iota
	// AllocationPrincipal puts a position's whole value in its one principal category.
	AllocationPrincipal
)

// AllocationMethodFor is the method the site's principal asset class view selects: Principal
// when the view is on, otherwise Detailed (spec 2 §5).
func AllocationMethodFor(principalAssetClassView bool) AllocationMethod {
	if principalAssetClassView {
		return AllocationPrincipal
	}
	return AllocationDetailed
}

// AllocationDimension is what the Allocation tab groups by (spec 2 §2.3).
type AllocationDimension int

// The allocation dimensions of spec 2 §2.3.
const (
	ByAssetClass AllocationDimension = iota
	BySector
	ByRegion
)

// Unclassified is the key for value with no category: a blank code, an empty map, or the part
// of a map that adds up to less than 100%.
const Unclassified = "Unclassified"

// Holding is what allocation needs from a position (spec 2 §3): its value, already converted to
// the report currency, and its classification.
type Holding struct {
	Value float64
	// AssetClassCode is the principal asset class (asset_class_code).
	AssetClassCode string
	// SectorName is the position's sector (sector_name); there is no sector look-through, so
	// both methods use it whole.
	SectorName string
	// AssetClassAllocation and RegionalAllocation are look-through maps of category to
	// percentage (0–100) of the position's value.
	AssetClassAllocation map[string]float64
	RegionalAllocation   map[string]float64
}

// AllocationRow is one category's total.
type AllocationRow struct {
	Key   string
	Value float64
	// Percentage is Value as percentage points of the total of all rows, unrounded; turn the
	// column into whole shares with RoundShares.
	Percentage float64
}

// Allocate totals holdings by dimension with the given method and returns the rows by value,
// largest first (ties by key, so the order is stable).
//
// Asset class: Principal uses AssetClassCode; Detailed splits by AssetClassAllocation and falls
// back to AssetClassCode when the map is empty. Region: Detailed splits by RegionalAllocation;
// Principal, having no principal region field, puts the whole value in the map's largest
// region (ties to the alphabetically first). Sector: SectorName under both methods.
//
// A map's percentages are used as given (a negative entry, as a leveraged fund's cash can be,
// subtracts); if they add up to less than 100 the rest is Unclassified, and if to more, they are
// scaled down to 100 so a position never counts for more than its value. Blank keys and codes
// are Unclassified. Keys are trimmed but otherwise kept as the platform sends them.
func Allocate(holdings []Holding, dim AllocationDimension, method AllocationMethod) []AllocationRow {
	totals := map[string]float64{}
	for _, h := range holdings {
		if h.Value == 0 || math.IsNaN(h.Value) || math.IsInf(h.Value, 0) {
			continue
		}
		switch dim {
		case BySector:
			totals[categoryKey(h.SectorName)] += h.Value
		case ByRegion:
			if method == AllocationPrincipal {
				totals[principalKey(h.RegionalAllocation)] += h.Value
			} else {
				splitInto(totals, h.Value, h.RegionalAllocation, "")
			}
		default:
			if method == AllocationPrincipal {
				totals[categoryKey(h.AssetClassCode)] += h.Value
			} else {
				splitInto(totals, h.Value, h.AssetClassAllocation, h.AssetClassCode)
			}
		}
	}
	// Keys are visited in sorted order here and below so float sums are added in the same
	// order every run: map order would make the last digits, and so near-ties, vary.
	total := 0.0
	rows := make([]AllocationRow, 0, len(totals))
	for _, k := range slices.Sorted(maps.Keys(totals)) {
		rows = append(rows, AllocationRow{Key: k, Value: totals[k]})
		total += totals[k]
	}
	for i := range rows {
		if total != 0 {
			rows[i].Percentage = rows[i].Value / total * 100
		}
	}
	slices.SortFunc(rows, func(a, b AllocationRow) int {
		if c := cmp.Compare(b.Value, a.Value); c != 0 {
			return c
		}
		return cmp.Compare(a.Key, b.Key)
	})
	return rows
}

func categoryKey(s string) string {
	if s = strings.TrimSpace(s); s == "" {
		return Unclassified
	}
	return s
}

// splitInto adds value to totals across the percentage map; an empty map puts it all under
// fallback (Unclassified when blank).
func splitInto(totals map[string]float64, value float64, pct map[string]float64, fallback string) {
	keys := slices.Sorted(maps.Keys(pct))
	sum := 0.0
	for _, k := range keys {
		if p := pct[k]; !math.IsNaN(p) && !math.IsInf(p, 0) {
			sum += p
		}
	}
	if len(pct) == 0 || sum == 0 {
		totals[categoryKey(fallback)] += value
		return
	}
	scale := 1.0
	if sum > 100 {
		scale = 100 / sum
	}
	for _, k := range keys {
		p := pct[k]
		if math.IsNaN(p) || math.IsInf(p, 0) {
			continue
		}
		totals[categoryKey(k)] += value * p * scale / 100
	}
	if rest := 100 - sum*scale; rest > 1e-9 {
		totals[Unclassified] += value * rest / 100
	}
}

// principalKey is the map's largest category, ties to the alphabetically first key, or
// Unclassified for an empty map.
func principalKey(pct map[string]float64) string {
	best, bestP := "", math.Inf(-1)
	for k, p := range pct {
		k = categoryKey(k)
		if p > bestP || (p == bestP && k < best) {
			best, bestP = k, p
		}
	}
	if best == "" {
		return Unclassified
	}
	return best
}
