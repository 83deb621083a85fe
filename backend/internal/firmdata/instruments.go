package firmdata

import (
	"fmt"
	"strings"
)

// The invented instruments of generated firms. Every fund house, fund, ETF and company here is
// made up; the shapes (a fund range across asset classes and regions, Acc and Inc units, a few
// listed shares, cash per currency) are what a UK adviser's book holds.

// Asset classes and regions used in allocations.
const (
	acEquity       = "Equity"
	acFixedIncome  = "Fixed Income"
	acProperty     = "Property"
	acCommodities  = "Commodities"
	acCash         = "Cash"
	acAlternatives = "Alternatives"
)

// strategy is a kind of fund: what it holds and how its price behaves.
type strategy struct {
	code, name, assetClass, sector, region string
	drift, vol, yield                      float64
	split                                  []Allocation
}

func alloc(kind string, pairs ...any) []Allocation {
	var out []Allocation
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, Allocation{Kind: kind, Code: pairs[i].(string), Weight: pairs[i+1].(float64)})
	}
	return out
}

func joinAllocs(parts ...[]Allocation) []Allocation {
	var out []Allocation
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var strategies = []strategy{
	{"UEI", "UK Equity Income", acEquity, "Equity Income", "UK", 0.05, 0.15, 0.042,
		joinAllocs(alloc("asset_class", acEquity, 0.97, acCash, 0.03), alloc("region", "UK", 1.0))},
	{"UKG", "UK Growth", acEquity, "UK All Companies", "UK", 0.06, 0.17, 0.02,
		joinAllocs(alloc("asset_class", acEquity, 0.98, acCash, 0.02), alloc("region", "UK", 1.0))},
	{"GEQ", "Global Equity", acEquity, "Global", "Global", 0.08, 0.14, 0.015,
		joinAllocs(alloc("asset_class", acEquity, 0.98, acCash, 0.02), alloc("region", "North America", 0.62, "Europe ex UK", 0.14, "UK", 0.05, "Japan", 0.06, "Asia Pacific ex Japan", 0.05, "Emerging Markets", 0.08))},
	{"USE", "US Equity", acEquity, "North America", "North America", 0.09, 0.16, 0.012,
		joinAllocs(alloc("asset_class", acEquity, 0.99, acCash, 0.01), alloc("region", "North America", 1.0))},
	{"EUE", "European Equity", acEquity, "Europe Excluding UK", "Europe ex UK", 0.06, 0.17, 0.025,
		joinAllocs(alloc("asset_class", acEquity, 0.98, acCash, 0.02), alloc("region", "Europe ex UK", 1.0))},
	{"JPE", "Japan Equity", acEquity, "Japan", "Japan", 0.05, 0.18, 0.018,
		joinAllocs(alloc("asset_class", acEquity, 0.98, acCash, 0.02), alloc("region", "Japan", 1.0))},
	{"APE", "Asia Pacific ex Japan", acEquity, "Asia Pacific Excluding Japan", "Asia Pacific ex Japan", 0.05, 0.19, 0.025,
		joinAllocs(alloc("asset_class", acEquity, 0.97, acCash, 0.03), alloc("region", "Asia Pacific ex Japan", 1.0))},
	{"EME", "Emerging Markets", acEquity, "Global Emerging Markets", "Emerging Markets", 0.05, 0.21, 0.028,
		joinAllocs(alloc("asset_class", acEquity, 0.97, acCash, 0.03), alloc("region", "Emerging Markets", 1.0))},
	{"GSC", "Global Smaller Companies", acEquity, "Global", "Global", 0.07, 0.2, 0.01,
		joinAllocs(alloc("asset_class", acEquity, 0.97, acCash, 0.03), alloc("region", "North America", 0.5, "Europe ex UK", 0.2, "UK", 0.15, "Japan", 0.15))},
	{"SGE", "Sustainable Global Equity", acEquity, "Global", "Global", 0.075, 0.15, 0.012,
		joinAllocs(alloc("asset_class", acEquity, 0.98, acCash, 0.02), alloc("region", "North America", 0.55, "Europe ex UK", 0.25, "UK", 0.1, "Japan", 0.1))},
	{"CBD", "Corporate Bond", acFixedIncome, "Sterling Corporate Bond", "UK", 0.025, 0.07, 0.045,
		joinAllocs(alloc("asset_class", acFixedIncome, 0.97, acCash, 0.03), alloc("region", "UK", 0.8, "Europe ex UK", 0.2))},
	{"GLT", "Gilt", acFixedIncome, "UK Gilts", "UK", 0.015, 0.08, 0.035,
		joinAllocs(alloc("asset_class", acFixedIncome, 0.99, acCash, 0.01), alloc("region", "UK", 1.0))},
	{"ILG", "Index-Linked Gilt", acFixedIncome, "UK Index Linked Gilts", "UK", 0.01, 0.11, 0.01,
		joinAllocs(alloc("asset_class", acFixedIncome, 0.99, acCash, 0.01), alloc("region", "UK", 1.0))},
	{"STB", "Strategic Bond", acFixedIncome, "Sterling Strategic Bond", "Global", 0.03, 0.06, 0.05,
		joinAllocs(alloc("asset_class", acFixedIncome, 0.95, acCash, 0.05), alloc("region", "UK", 0.5, "North America", 0.3, "Europe ex UK", 0.2))},
	{"GBH", "Global Bond (GBP Hedged)", acFixedIncome, "Global Bonds", "Global", 0.02, 0.05, 0.032,
		joinAllocs(alloc("asset_class", acFixedIncome, 0.98, acCash, 0.02), alloc("region", "North America", 0.45, "Europe ex UK", 0.3, "Japan", 0.15, "UK", 0.1))},
	{"HYB", "High Yield Bond", acFixedIncome, "Sterling High Yield", "Global", 0.035, 0.09, 0.065,
		joinAllocs(alloc("asset_class", acFixedIncome, 0.96, acCash, 0.04), alloc("region", "North America", 0.5, "Europe ex UK", 0.3, "UK", 0.2))},
	{"PRP", "Property Securities", acProperty, "Property Other", "Global", 0.04, 0.16, 0.04,
		joinAllocs(alloc("asset_class", acProperty, 0.95, acCash, 0.05), alloc("region", "UK", 0.4, "North America", 0.35, "Europe ex UK", 0.25))},
	{"INF", "Global Infrastructure", acAlternatives, "Infrastructure", "Global", 0.05, 0.12, 0.038,
		joinAllocs(alloc("asset_class", acAlternatives, 0.96, acCash, 0.04), alloc("region", "North America", 0.5, "Europe ex UK", 0.3, "UK", 0.2))},
	{"MAC", "Multi-Asset Cautious", "Multi-Asset", "Mixed Investment 20-60% Shares", "Global", 0.035, 0.07, 0.03,
		joinAllocs(alloc("asset_class", acEquity, 0.35, acFixedIncome, 0.55, acProperty, 0.03, acCash, 0.07), alloc("region", "UK", 0.4, "North America", 0.35, "Europe ex UK", 0.15, "Japan", 0.05, "Emerging Markets", 0.05))},
	{"MAB", "Multi-Asset Balanced", "Multi-Asset", "Mixed Investment 40-85% Shares", "Global", 0.05, 0.1, 0.022,
		joinAllocs(alloc("asset_class", acEquity, 0.6, acFixedIncome, 0.3, acProperty, 0.05, acCash, 0.05), alloc("region", "UK", 0.3, "North America", 0.4, "Europe ex UK", 0.15, "Japan", 0.07, "Emerging Markets", 0.08))},
	{"MAG", "Multi-Asset Growth", "Multi-Asset", "Flexible Investment", "Global", 0.065, 0.13, 0.015,
		joinAllocs(alloc("asset_class", acEquity, 0.8, acFixedIncome, 0.12, acAlternatives, 0.05, acCash, 0.03), alloc("region", "UK", 0.2, "North America", 0.5, "Europe ex UK", 0.15, "Japan", 0.05, "Emerging Markets", 0.1))},
}

// fundHouses are invented UK fund managers, each with a two-letter code.
var fundHouses = []struct{ code, name string }{
	{"NG", "Northgate"}, {"SV", "Severn"}, {"TM", "Tamar"}, {"PN", "Pennine"}, {"CG", "Cairngorm"},
	{"FL", "Fenland"}, {"MD", "Mendip"}, {"SL", "Solent"}, {"CV", "Cheviot"}, {"BR", "Brecon"},
	{"WX", "Wessex"}, {"LM", "Lomond"},
}

// syntheticInstruments is the market of the synthetic firm: about 240 instruments.
func syntheticInstruments() []Instrument {
	var out []Instrument
	out = append(out, CashInstruments("GBP", "USD", "EUR", "AUD", "CAD", "NZD")...)
	// GBP funds: each house runs most strategies, some in both unit classes.
	for h, house := range fundHouses {
		for s, st := range strategies {
			if (h*7+s*3)%5 == 0 {
				continue // not every house runs every strategy
			}
			classes := []string{"Acc"}
			if (h+s)%3 == 0 || st.yield >= 0.035 {
				classes = []string{"Inc"}
			}
			if (h+s)%7 == 0 {
				classes = []string{"Acc", "Inc"}
			}
			for _, class := range classes {
				if len(out) >= 160 {
					break
				}
				out = append(out, fund(house.code, house.name, st, class, "GBP", 0))
			}
		}
	}
	// GBP-listed ETFs and UK shares, dealt with a charge.
	etfBrands := []struct{ code, name string }{{"BV", "Broad Vista"}, {"TN", "TrueNorth"}, {"MR", "Meridian Shares"}}
	for b, brand := range etfBrands {
		for s, st := range strategies[:10] {
			if (b+s)%2 == 1 {
				continue
			}
			in := fund(brand.code, brand.name, st, "ETF", "GBP", 0)
			in.Description = fmt.Sprintf("%s %s UCITS ETF", brand.name, st.name)
			in.Exchange, in.ISIN = "LSE", ISIN("IE", in.Code)
			in.DealingFee = 5.95
			out = append(out, in)
		}
	}
	out = append(out, shares("GBP", "LSE", "GB", []string{
		"Avon Rail", "Cabot Technology", "Clifton Pharmaceuticals", "Dartmoor Water", "Exmoor Foods", "Fal Shipping",
		"Granite Mining", "Heron Insurance", "Isca Telecom", "Jurassic Energy", "Kennet Retail", "Lundy Banking",
		"Malvern Brewing", "Nene Utilities", "Ouse Engineering", "Purbeck Homes", "Quantock Logistics", "Ribble Media",
		"Stour Chemicals", "Test Valley Aerospace", "Usk Financial", "Wye Housebuilders",
	})...)
	// Other currencies, for the clients abroad and the dollar and euro accounts.
	out = append(out, shares("USD", "NYSE", "US", []string{
		"Union Street Technologies", "Prairie Rail", "Lakeshore Pharma", "Summit Semiconductors", "Redwood Energy",
		"Harborview Bancorp", "Granite Peak Software", "Bluewater Foods", "Keystone Industrials", "Mesa Health",
	})...)
	for i, st := range []strategy{strategies[3], strategies[2], strategies[10], strategies[16], strategies[7], strategies[9]} {
		in := fund("MR", "Meridian", st, "ETF", "USD", i)
		in.Description = fmt.Sprintf("Meridian %s ETF", st.name)
		in.Exchange, in.ISIN, in.DealingFee = "NYSE", ISIN("US", in.Code), 4.95
		out = append(out, in)
	}
	for _, pair := range []struct {
		currency, country, exchange, house, houseName string
	}{{"EUR", "LU", "", "AR", "Ardenne"}, {"AUD", "AU", "", "SX", "Southern Cross"}, {"CAD", "CA", "", "LC", "Laurentian"}, {"NZD", "NZ", "", "KW", "Kowhai"}} {
		for s, st := range strategies {
			if s%2 == 1 || (pair.currency == "NZD" && s > 12) {
				continue
			}
			in := fund(pair.house, pair.houseName, st, "Acc", pair.currency, 0)
			in.ISIN = ISIN(pair.country, in.Code)
			out = append(out, in)
		}
	}
	return out
}

// CashInstruments are cash securities (CASH.GBP ...) of the currencies given, priced at 1.
func CashInstruments(currencies ...string) []Instrument {
	names := map[string]string{"GBP": "Sterling", "USD": "US Dollar", "EUR": "Euro", "AUD": "Australian Dollar", "CAD": "Canadian Dollar", "NZD": "New Zealand Dollar"}
	var out []Instrument
	for _, c := range currencies {
		out = append(out, Instrument{
			Security: Security{Code: "CASH." + c, Description: names[c] + " Cash", Currency: c, AssetClassCode: acCash,
				Allocations: alloc("asset_class", acCash, 1.0)},
			Walk: Walk{Level: 1, Places: 4},
		})
	}
	return out
}

// fund builds an instrument of a strategy: its code is the house code, the strategy code and
// the class letter (plus a number when a house has several).
func fund(houseCode, houseName string, st strategy, class, currency string, n int) Instrument {
	code := houseCode + st.code + class[:1]
	if currency != "GBP" {
		code += currency[:1]
	}
	if n > 0 {
		code += fmt.Sprint(n)
	}
	desc := fmt.Sprintf("%s %s Fund %s", houseName, st.name, class)
	in := Instrument{
		Security: Security{Code: code, ISIN: ISIN("GB", code), Description: desc, Currency: currency, AssetClassCode: st.assetClass,
			SectorName: st.sector, Region: st.region, Allocations: st.split},
		Walk: Walk{Level: 1 + float64(nameSeed(code)%400)/100, Drift: st.drift, Vol: st.vol, Places: 4},
	}
	if class == "Inc" || (class == "ETF" && st.yield >= 0.03) {
		in.IncomeRate = st.yield
	}
	return in
}

// shares are listed companies in one currency.
func shares(currency, exchange, country string, names []string) []Instrument {
	sectors := []string{"Industrials", "Technology", "Health Care", "Utilities", "Consumer Staples", "Financials", "Basic Materials", "Energy", "Real Estate", "Telecommunications"}
	region := map[string]string{"GBP": "UK", "USD": "North America"}[currency]
	var out []Instrument
	for i, name := range names {
		words := strings.Fields(name)
		code := strings.ToUpper(words[0][:3] + words[len(words)-1][:1])
		suffix := " plc"
		if currency == "USD" {
			suffix = " Inc"
		}
		sector := sectors[(i*3)%len(sectors)]
		out = append(out, Instrument{
			Security: Security{Code: code, Exchange: exchange, ISIN: ISIN(country, code), Description: name + suffix, Currency: currency,
				AssetClassCode: acEquity, SectorName: sector, Region: region,
				Allocations: joinAllocs(alloc("asset_class", acEquity, 1.0), alloc("sector", sector, 1.0), alloc("region", region, 1.0))},
			Walk:       Walk{Level: 2 + float64(nameSeed(code)%3000)/100, Drift: 0.04 + float64(i%5)*0.01, Vol: 0.22 + float64(i%4)*0.03, Places: 4},
			DealingFee: map[string]float64{"GBP": 5.95, "USD": 4.95}[currency],
			IncomeRate: []float64{0, 0.02, 0.035, 0.05}[i%4],
		})
	}
	return out
}
