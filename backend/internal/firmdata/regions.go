package firmdata

import "strings"

// regionDefaults are the locale, time zone and currency a party of a region gets when the file
// does not say. The regions are those of spec 2 §9 and spec 3 §3.5.
var regionDefaults = map[string]struct{ locale, timezone, currency string }{
	"GB": {"en-gb", "Europe/London", "GBP"},
	"AU": {"en-au", "Australia/Sydney", "AUD"},
	"CA": {"en-ca", "America/Toronto", "CAD"},
	"NZ": {"en-gb", "Pacific/Auckland", "NZD"},
	"ZA": {"en-gb", "Africa/Johannesburg", "ZAR"},
	"NA": {"en-gb", "Africa/Windhoek", "NAD"},
	"AA": {"en-gb", "Africa/Johannesburg", "ZAR"},
	"HK": {"en-gb", "Asia/Hong_Kong", "HKD"},
	"SG": {"en-gb", "Asia/Singapore", "SGD"},
	"TH": {"en-gb", "Asia/Bangkok", "THB"},
	"MY": {"en-gb", "Asia/Kuala_Lumpur", "MYR"},
	"TW": {"en-gb", "Asia/Taipei", "TWD"},
	"ID": {"en-gb", "Asia/Jakarta", "IDR"},
}

// regionList is the regions in the order the spec lists them, for messages.
const regionList = "GB, AU, CA, NZ, ZA, NA, AA, HK, SG, TH, MY, TW or ID"

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// partyRegion is the party's region, else the firm's.
func partyRegion(p Party, f *Firm) string { return orDefault(p.Region, f.Firm.Region) }

func partyLocale(p Party, f *Firm) string {
	return orDefault(p.Locale, regionDefaults[partyRegion(p, f)].locale)
}

func partyTimezone(p Party, f *Firm) string {
	return orDefault(p.UserTimezone, regionDefaults[partyRegion(p, f)].timezone)
}

func partyCurrency(p Party, f *Firm) string {
	return orDefault(p.PreferredCurrency, orDefault(regionDefaults[partyRegion(p, f)].currency, f.Firm.BaseCurrency))
}

// entityName is the stored entity_name: given, or "Last, First" for a person.
func entityName(p Party) string {
	if p.EntityName != "" {
		return p.EntityName
	}
	switch {
	case p.FirstName == "":
		return p.LastName
	case p.LastName == "":
		return p.FirstName
	}
	return p.LastName + ", " + p.FirstName
}

// preferredEmail is the given preferred_email, else the preferred email contact, else the first.
func preferredEmail(p Party) string {
	if p.PreferredEmail != "" {
		return p.PreferredEmail
	}
	first := ""
	for _, c := range p.Contacts {
		if c.Type == "m1" || c.Type == "m2" {
			if c.Preferred {
				return c.Value
			}
			if first == "" {
				first = c.Value
			}
		}
	}
	return first
}

// preferredPostcode is the given preferred_postcode, else the preferred address's, else the first's.
func preferredPostcode(p Party) string {
	if p.PreferredPostcode != "" {
		return p.PreferredPostcode
	}
	for _, a := range p.Addresses {
		if a.Preferred {
			return a.Postcode
		}
	}
	if len(p.Addresses) > 0 {
		return p.Addresses[0].Postcode
	}
	return ""
}

// addressRegion is the region whose address rules apply: the address's country when it is a
// known region code, else the party's region.
func addressRegion(a Address, p Party, f *Firm) string {
	if _, ok := regionDefaults[strings.ToUpper(a.Country)]; ok {
		return strings.ToUpper(a.Country)
	}
	return partyRegion(p, f)
}

// portfolioParties are the portfolio's parties, or by default its owner with the reason its
// ptype implies.
func portfolioParties(p Portfolio) []PortfolioParty {
	if len(p.Parties) > 0 {
		return p.Parties
	}
	reason := map[string]string{"PT_SINGLE": "single_owner", "PT_JOINT": "primary_joint_owner", "PT_SHARED": "shared_owner"}[p.PType]
	return []PortfolioParty{{Client: p.Owner, ReasonForVisibility: reason}}
}
