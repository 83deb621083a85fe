package calc

import (
	"math"
	"testing"
)

// Three holdings worth 10,000 in all:
//   - A: 5,000 equity fund, sector Technology, 100% equity, 60% North America / 40% Europe.
//   - B: 4,000 balanced fund, sector Funds, principal class "mixed", 50% equity / 30% bonds /
//     20% cash; 50% UK / 50% Europe.
//   - C: 1,000 cash, class "cash", no sector, no maps.
var allocHoldings = []Holding{
	{Value: 5000, AssetClassCode: "equity", SectorName: "Technology",
		AssetClassAllocation: map[string]float64{"equity": 100},
		RegionalAllocation:   map[string]float64{"North America": 60, "Europe": 40}},
	{Value: 4000, AssetClassCode: "mixed", SectorName: "Funds",
		AssetClassAllocation: map[string]float64{"equity": 50, "bonds": 30, "cash": 20},
		RegionalAllocation:   map[string]float64{"UK": 50, "Europe": 50}},
	{Value: 1000, AssetClassCode: "cash"},
}

func checkRows(t *testing.T, name string, got, want []AllocationRow) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %+v, want %+v", name, got, want)
	}
	for i := range want {
		if got[i].Key != want[i].Key || !near(got[i].Value, want[i].Value) || !near(got[i].Percentage, want[i].Percentage) {
			t.Fatalf("%s: row %d = %+v, want %+v (all: %+v)", name, i, got[i], want[i], got)
		}
	}
}

func TestAllocateAssetClass(t *testing.T) {
	// Detailed: equity 5000 + 50% × 4000 = 7000; bonds 30% × 4000 = 1200;
	// cash 20% × 4000 + 1000 (C falls back to its code) = 1800. Total 10,000.
	checkRows(t, "detailed", Allocate(allocHoldings, ByAssetClass, AllocationDetailed), []AllocationRow{
		{"equity", 7000, 70}, {"cash", 1800, 18}, {"bonds", 1200, 12},
	})
	// Principal: equity 5000, mixed 4000, cash 1000.
	checkRows(t, "principal", Allocate(allocHoldings, ByAssetClass, AllocationPrincipal), []AllocationRow{
		{"equity", 5000, 50}, {"mixed", 4000, 40}, {"cash", 1000, 10},
	})
}

func TestAllocateRegion(t *testing.T) {
	// Detailed: Europe 40% × 5000 + 50% × 4000 = 2000 + 2000 = 4000; North America 60% × 5000
	// = 3000; UK 50% × 4000 = 2000; C has no map: 1000 Unclassified.
	checkRows(t, "detailed", Allocate(allocHoldings, ByRegion, AllocationDetailed), []AllocationRow{
		{"Europe", 4000, 40}, {"North America", 3000, 30}, {"UK", 2000, 20}, {Unclassified, 1000, 10},
	})
	// Principal: A's largest region is North America (60); B ties UK/Europe at 50 and takes the
	// alphabetically first, Europe; C is Unclassified.
	checkRows(t, "principal", Allocate(allocHoldings, ByRegion, AllocationPrincipal), []AllocationRow{
		{"North America", 5000, 50}, {"Europe", 4000, 40}, {Unclassified, 1000, 10},
	})
}

func TestAllocateSector(t *testing.T) {
	// Sector has no look-through: the same under both methods.
	want := []AllocationRow{{"Technology", 5000, 50}, {"Funds", 4000, 40}, {Unclassified, 1000, 10}}
	checkRows(t, "detailed", Allocate(allocHoldings, BySector, AllocationDetailed), want)
	checkRows(t, "principal", Allocate(allocHoldings, BySector, AllocationPrincipal), want)
}

func TestAllocateIncompleteAndOverfullMaps(t *testing.T) {
	holdings := []Holding{
		// Adds up to 80: 80% × 1000 = 800 equity, the missing 20% = 200 Unclassified.
		{Value: 1000, AssetClassAllocation: map[string]float64{"equity": 80}},
		// Adds up to 125: scaled by 100/125 = 0.8 → equity 100 × 0.8 = 80% of 500 = 400,
		// bonds 25 × 0.8 = 20% of 500 = 100.
		{Value: 500, AssetClassAllocation: map[string]float64{"equity": 100, "bonds": 25}},
	}
	// equity 800 + 400 = 1200 (80%), Unclassified 200 (13.33%), bonds 100 (6.67%). Total 1500.
	checkRows(t, "maps", Allocate(holdings, ByAssetClass, AllocationDetailed), []AllocationRow{
		{"equity", 1200, 80}, {Unclassified, 200, 200.0 / 15}, {"bonds", 100, 100.0 / 15},
	})
}

func TestAllocateEdges(t *testing.T) {
	if rows := Allocate(nil, ByAssetClass, AllocationDetailed); len(rows) != 0 {
		t.Fatalf("no holdings: %+v", rows)
	}
	// Zero and NaN values are skipped; blank codes are Unclassified; equal values sort by key.
	rows := Allocate([]Holding{
		{Value: 0, AssetClassCode: "zero"},
		{Value: math.NaN(), AssetClassCode: "nan"},
		{Value: 10, AssetClassCode: "  "},
		{Value: 10, AssetClassCode: "bonds"},
	}, ByAssetClass, AllocationPrincipal)
	checkRows(t, "edges", rows, []AllocationRow{{Unclassified, 10, 50}, {"bonds", 10, 50}})
	// Rows feed RoundShares for display: 70/18/12 stay as they are.
	detailed := Allocate(allocHoldings, ByAssetClass, AllocationDetailed)
	pcts := make([]float64, len(detailed))
	for i, r := range detailed {
		pcts[i] = r.Percentage
	}
	if got := RoundShares(pcts); got[0] != 70 || got[1] != 18 || got[2] != 12 {
		t.Fatalf("RoundShares of the allocation = %v", got)
	}
	if AllocationMethodFor(true) != AllocationPrincipal || AllocationMethodFor(false) != AllocationDetailed {
		t.Fatal("AllocationMethodFor")
	}
}
