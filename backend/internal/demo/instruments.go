package demo

import "wealthportal/backend/internal/firmdata"

// The demo's market: invented funds, ETFs and shares of the kind a Bristol adviser's clients
// hold, with cash in each currency the demo uses. Every name is made up.

func split(kind string, pairs ...any) []firmdata.Allocation {
	var out []firmdata.Allocation
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, firmdata.Allocation{Kind: kind, Code: pairs[i].(string), Weight: pairs[i+1].(float64)})
	}
	return out
}

func with(parts ...[]firmdata.Allocation) []firmdata.Allocation {
	var out []firmdata.Allocation
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// security builds an instrument; country picks the ISIN prefix.
func security(code, country, exchange, description, currency, class, sector, region string, allocations []firmdata.Allocation,
	walk firmdata.Walk, dealingFee, incomeRate float64) firmdata.Instrument {
	return firmdata.Instrument{
		Security: firmdata.Security{Code: code, Exchange: exchange, ISIN: firmdata.ISIN(country, code), Description: description,
			Currency: currency, AssetClassCode: class, SectorName: sector, Region: region, Allocations: allocations},
		Walk: walk, DealingFee: dealingFee, IncomeRate: incomeRate,
	}
}

func instruments() []firmdata.Instrument {
	equity := func(region ...any) []firmdata.Allocation {
		return with(split("asset_class", "Equity", 0.98, "Cash", 0.02), split("region", region...))
	}
	bond := func(region ...any) []firmdata.Allocation {
		return with(split("asset_class", "Fixed Income", 0.97, "Cash", 0.03), split("region", region...))
	}
	w := func(level, drift, vol float64) firmdata.Walk {
		return firmdata.Walk{Level: level, Drift: drift, Vol: vol, Places: 4}
	}
	out := firmdata.CashInstruments("GBP", "USD", "AUD", "CAD", "NZD")
	return append(out,
		security("HVGEA", "GB", "", "Harbour Global Equity Fund Acc", "GBP", "Equity", "Global", "Global",
			equity("North America", 0.62, "Europe ex UK", 0.14, "UK", 0.05, "Japan", 0.06, "Asia Pacific ex Japan", 0.05, "Emerging Markets", 0.08),
			w(1.42, 0.085, 0.14), 0, 0),
		security("HVUEI", "GB", "", "Harbour UK Equity Income Fund Inc", "GBP", "Equity", "UK Equity Income", "UK",
			equity("UK", 1.0), w(2.18, 0.04, 0.15), 0, 0.042),
		security("SVCBI", "GB", "", "Severn Corporate Bond Fund Inc", "GBP", "Fixed Income", "Sterling Corporate Bond", "UK",
			bond("UK", 0.8, "Europe ex UK", 0.2), w(1.06, 0.02, 0.07), 0, 0.046),
		security("AVGLA", "GB", "", "Avonmouth Gilt Index Fund Acc", "GBP", "Fixed Income", "UK Gilts", "UK",
			bond("UK", 1.0), w(1.31, 0.012, 0.08), 0, 0),
		security("CLGSA", "GB", "", "Clifton Global Smaller Companies Fund Acc", "GBP", "Equity", "Global", "Global",
			equity("North America", 0.5, "Europe ex UK", 0.2, "UK", 0.15, "Japan", 0.15), w(3.05, 0.07, 0.2), 0, 0),
		security("WBEMA", "GB", "", "Westbury Emerging Markets Fund Acc", "GBP", "Equity", "Global Emerging Markets", "Emerging Markets",
			equity("Emerging Markets", 1.0), w(1.77, 0.05, 0.21), 0, 0),
		security("NGPRI", "GB", "", "Northgate Property Securities Fund Inc", "GBP", "Property", "Property Other", "Global",
			with(split("asset_class", "Property", 0.95, "Cash", 0.05), split("region", "UK", 0.4, "North America", 0.35, "Europe ex UK", 0.25)),
			w(0.94, 0.035, 0.16), 0, 0.041),
		security("HVBPA", "GB", "", "Harbour Balanced Portfolio Fund Acc", "GBP", "Multi-Asset", "Mixed Investment 40-85% Shares", "Global",
			with(split("asset_class", "Equity", 0.6, "Fixed Income", 0.3, "Property", 0.05, "Cash", 0.05),
				split("region", "UK", 0.3, "North America", 0.4, "Europe ex UK", 0.15, "Japan", 0.07, "Emerging Markets", 0.08)),
			w(1.58, 0.05, 0.1), 0, 0),
		security("BVWLD", "IE", "LSE", "Broad Vista World Equity UCITS ETF", "GBP", "Equity", "Global", "Global",
			equity("North America", 0.66, "Europe ex UK", 0.13, "UK", 0.04, "Japan", 0.06, "Asia Pacific ex Japan", 0.04, "Emerging Markets", 0.07),
			w(62.4, 0.085, 0.14), 5.95, 0),
		security("BVUKL", "IE", "LSE", "Broad Vista UK Large Cap UCITS ETF", "GBP", "Equity", "UK All Companies", "UK",
			equity("UK", 1.0), w(31.7, 0.045, 0.15), 5.95, 0.035),
		security("SPGLD", "JE", "LSE", "Sterling Physical Gold ETC", "GBP", "Commodities", "Precious Metals", "Global",
			with(split("asset_class", "Commodities", 1.0), split("region", "Global", 1.0)), w(18.9, 0.06, 0.15), 5.95, 0),
		security("AVRL", "GB", "LSE", "Avon Rail plc", "GBP", "Equity", "Industrials", "UK",
			with(split("asset_class", "Equity", 1.0), split("sector", "Industrials", 1.0), split("region", "UK", 1.0)),
			w(4.12, 0.05, 0.24), 5.95, 0.038),
		security("CBTL", "GB", "LSE", "Cabot Technology plc", "GBP", "Equity", "Technology", "UK",
			with(split("asset_class", "Equity", 1.0), split("sector", "Technology", 1.0), split("region", "UK", 1.0)),
			w(7.85, 0.09, 0.3), 5.95, 0),
		security("MRUSA", "IE", "NYSE", "Meridian US Equity ETF", "USD", "Equity", "North America", "North America",
			equity("North America", 1.0), w(212.5, 0.09, 0.16), 4.95, 0.013),
		security("USTC", "US", "NYSE", "Union Street Technologies Inc", "USD", "Equity", "Technology", "North America",
			with(split("asset_class", "Equity", 1.0), split("sector", "Technology", 1.0), split("region", "North America", 1.0)),
			w(88.2, 0.11, 0.32), 4.95, 0),
		security("HVDBI", "IE", "", "Harbour US Dollar Bond Fund Inc", "USD", "Fixed Income", "USD Corporate Bond", "North America",
			bond("North America", 1.0), w(10.2, 0.025, 0.07), 0, 0.045),
		security("SXASF", "AU", "", "Southern Cross Australian Shares Fund", "AUD", "Equity", "Australian Equity", "Asia Pacific ex Japan",
			equity("Asia Pacific ex Japan", 1.0), w(2.64, 0.06, 0.16), 0, 0.04),
		security("SXDFI", "AU", "", "Southern Cross Diversified Fixed Interest Fund", "AUD", "Fixed Income", "Australian Bonds", "Asia Pacific ex Japan",
			bond("Asia Pacific ex Japan", 1.0), w(1.12, 0.02, 0.06), 0, 0.038),
		security("LCCEF", "CA", "", "Laurentian Canadian Equity Fund", "CAD", "Equity", "Canadian Equity", "North America",
			equity("North America", 1.0), w(18.4, 0.06, 0.15), 0, 0.025),
		security("LCCBF", "CA", "", "Laurentian Canadian Bond Fund", "CAD", "Fixed Income", "Canadian Bonds", "North America",
			bond("North America", 1.0), w(10.9, 0.02, 0.06), 0, 0.035),
		security("KWNZE", "NZ", "", "Kowhai New Zealand Equity Fund", "NZD", "Equity", "New Zealand Equity", "Asia Pacific ex Japan",
			equity("Asia Pacific ex Japan", 1.0), w(3.31, 0.05, 0.15), 0, 0.035),
		security("KWBAL", "NZ", "", "Kowhai Balanced Fund", "NZD", "Multi-Asset", "Balanced", "Global",
			with(split("asset_class", "Equity", 0.55, "Fixed Income", 0.4, "Cash", 0.05), split("region", "Asia Pacific ex Japan", 0.5, "North America", 0.3, "Europe ex UK", 0.2)),
			w(1.87, 0.045, 0.09), 0, 0),
	)
}
