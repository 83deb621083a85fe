package demo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"wealthportal/backend/internal/firmdata"
)

// place is a region the demo's other clients live in, with addresses behind its postcodes.
type place struct {
	region    string
	postcodes []string
}

var places = []place{
	{"GB", []string{"BS8 1TH", "EH3 9DR", "M20 2RL", "SW19 4DS", "OX2 6NN", "LS8 2JU", "CF10 3NB", "BT9 6AA", "YO1 7HH", "B15 3TN", "NR2 1RQ", "TR1 2SJ", "CB2 1TN", "BA1 2QH", "G12 8QQ", "SO23 9PE"}},
	{"AU", []string{"2088", "3141", "4101", "6011"}},
	{"CA", []string{"M5R 2E3", "V6K 1P6", "T2S 0K4"}},
	{"NZ", []string{"1011", "6011"}},
}

// streets are the streets, towns and states behind each postcode of places.
var streets = map[string]struct{ street, suburb, state string }{
	"BS8 1TH": {"Whiteladies Road", "Clifton, Bristol", ""}, "EH3 9DR": {"Gilmore Place", "Edinburgh", ""},
	"M20 2RL": {"Wilmslow Road", "Didsbury, Manchester", ""}, "SW19 4DS": {"Arthur Road", "Wimbledon, London", ""},
	"OX2 6NN": {"Woodstock Road", "Oxford", ""}, "LS8 2JU": {"Street Lane", "Roundhay, Leeds", ""},
	"CF10 3NB": {"Cathedral Road", "Cardiff", ""}, "BT9 6AA": {"Malone Road", "Belfast", ""},
	"YO1 7HH": {"Bootham", "York", ""}, "B15 3TN": {"Harborne Road", "Edgbaston, Birmingham", ""},
	"NR2 1RQ": {"Unthank Road", "Norwich", ""}, "TR1 2SJ": {"Lemon Street", "Truro", ""},
	"CB2 1TN": {"Trumpington Street", "Cambridge", ""}, "BA1 2QH": {"Lansdown Road", "Bath", ""},
	"G12 8QQ": {"Great Western Road", "Glasgow", ""}, "SO23 9PE": {"Kingsgate Street", "Winchester", ""},
	"2088": {"Raglan Street", "Mosman", "NSW"}, "3141": {"Toorak Road", "South Yarra", "VIC"},
	"4101": {"Boundary Street", "West End", "QLD"}, "6011": {"Marine Parade", "Cottesloe", "WA"},
	"M5R 2E3": {"Admiral Road", "Toronto", "ON"}, "V6K 1P6": {"West 4th Avenue", "Vancouver", "BC"},
	"T2S 0K4": {"Elbow Drive SW", "Calgary", "AB"}, "1011": {"Ponsonby Road", "Ponsonby, Auckland", ""},
}

// nzStreets overrides streets for the New Zealand postcode that Australia also uses.
var nzStreets = map[string]struct{ street, suburb, state string }{"6011": {"Tinakori Road", "Thorndon, Wellington", ""}}

var (
	titlesF = []string{"Mrs", "Ms", "Miss", "Dr"}
	titlesM = []string{"Mr", "Mr", "Dr"}
	firstF  = []string{"Charlotte", "Harriet", "Imogen", "Fiona", "Margaret", "Siobhan", "Rebecca", "Amelia", "Niamh", "Catherine", "Lucy", "Anjali", "Grace", "Helen", "Zara", "Olivia", "Isla", "Rachel", "Beatrice", "Deborah"}
	firstM  = []string{"William", "Henry", "Rupert", "Callum", "Edward", "Arjun", "George", "Hamish", "Daniel", "Rhys", "Samuel", "Owen", "Marcus", "Alistair", "Kwame", "Patrick", "Benedict", "Theo", "Rory", "Graham"}
	lasts   = []string{"Ashworth", "Pemberton", "Fairweather", "Hollis", "Kaur", "MacLeod", "Okafor", "Lindqvist", "Harrington", "Doyle", "Thistlewood", "Chaudhry", "Gallagher", "Prescott", "Redmond", "Whitcombe", "Nakamura", "Llewellyn", "Oduya", "Sinclair", "Beaumont", "Carver", "Evans", "Fitzgerald", "Holroyd", "Ingram", "Jessop", "Kerr", "Lister", "Morrow"}
	domains = map[string]string{"GB": "co.uk", "AU": "com.au", "CA": "ca", "NZ": "co.nz"}
	levels  = []string{"Not Assigned", "Client Portfolio", "Client Assets", "Client Messages"}
)

func ascii(s string) string {
	return strings.NewReplacer("'", "", " ", "", "é", "e").Replace(strings.ToLower(s))
}

// book adds n clients to an adviser: most in the UK, some in Australia, Canada and New Zealand;
// about two in three have a portal login (invited, no password set yet), the rest none.
// people draws exactly what the demo has always drawn, so the names, dates of birth,
// postcodes and usernames stay the same; details draws the rest (streets, accounts).
func (b *builder) book(people, details *rand.Rand, adviser string, n int) {
	for i := 0; i < n; i++ {
		pl := places[0]
		if r := people.IntN(10); r == 7 {
			pl = places[1]
		} else if r == 8 {
			pl = places[2]
		} else if r == 9 {
			pl = places[3]
		}
		c := firmdata.Client{Adviser: adviser}
		if people.IntN(2) == 0 {
			c.Title, c.FirstName = titlesF[people.IntN(len(titlesF))], firstF[people.IntN(len(firstF))]
		} else {
			c.Title, c.FirstName = titlesM[people.IntN(len(titlesM))], firstM[people.IntN(len(firstM))]
		}
		c.LastName = lasts[people.IntN(len(lasts))]
		c.DOB = fmt.Sprintf("%04d-%02d-%02d", 1940+people.IntN(60), 1+people.IntN(12), 1+people.IntN(28))
		c.PreferredEmail = ascii(c.FirstName) + "." + ascii(c.LastName) + "@example." + domains[pl.region]
		postcode := pl.postcodes[people.IntN(len(pl.postcodes))]
		c.Region = pl.region
		c.ClientAccessLevel = levels[[]int{1, 1, 1, 2, 3, 0}[people.IntN(6)]]
		c.Key = fmt.Sprintf("%s-client-%d", adviser, i+1)
		c.Addresses = []firmdata.Address{address(pl.region, postcode, 2+details.IntN(120))}
		c.Contacts = []firmdata.Contact{{Type: "m1", Value: c.PreferredEmail, Preferred: true}}
		c.CreatedAt = fmt.Sprintf("%04d-%02d-%02d", 2012+details.IntN(10), 1+details.IntN(12), 1+details.IntN(28))
		if people.IntN(3) > 0 {
			name := ascii(c.FirstName) + "." + ascii(c.LastName)
			for k := 2; b.usernames[name]; k++ {
				name = fmt.Sprintf("%s.%s%d", ascii(c.FirstName), ascii(c.LastName), k)
			}
			b.usernames[name] = true
			c.Login = &firmdata.Login{Username: name, LoginProfile: "standard"}
		}
		b.f.Clients = append(b.f.Clients, c)
		b.bookAccounts(details, c)
	}
}

func address(region, postcode string, number int) firmdata.Address {
	s := streets[postcode]
	if region == "NZ" {
		if nz, ok := nzStreets[postcode]; ok {
			s = nz
		}
	}
	line := fmt.Sprintf("%d %s", number, s.street)
	a := firmdata.Address{Type: "residential", Suburb: s.suburb, State: s.state, Postcode: postcode, Country: region, Preferred: true}
	if region == "GB" {
		a.StreetName = line
	} else {
		a.Street = line
	}
	return a
}

// bookFunds are the holdings the other clients choose from, by currency.
var bookFunds = map[string][]string{
	"GBP": {"HVGEA", "HVUEI", "SVCBI", "AVGLA", "CLGSA", "WBEMA", "NGPRI", "HVBPA"},
	"AUD": {"SXASF", "SXDFI"},
	"CAD": {"LCCEF", "LCCBF"},
	"NZD": {"KWNZE", "KWBAL"},
}

var bookProducts = map[string]struct{ description, taxStructure, taxType, title, currency string }{
	"GB": {"Stocks & Shares ISA", "ISA", "ISA", "Individual Savings Account", "GBP"},
	"AU": {"Investment Account", "Individual", "Taxable", "Investment Account", "AUD"},
	"CA": {"TFSA", "TFSA", "Tax Free", "Tax-Free Savings Account", "CAD"},
	"NZ": {"Investment Portfolio", "Individual", "Taxable", "Investment Portfolio", "NZD"},
}

// bookAccounts gives one of the other clients a portfolio with one account, and a pension for
// about half of those in the UK.
func (b *builder) bookAccounts(rng *rand.Rand, c firmdata.Client) {
	b.f.Portfolios = append(b.f.Portfolios, firmdata.Portfolio{Key: c.Key, Owner: c.Key, PortfolioName: c.FirstName + " " + c.LastName, PType: "PT_SINGLE"})
	p := bookProducts[c.Region]
	funds := bookFunds[p.currency]
	pickModel := func(k int) []firmdata.Target {
		var out []firmdata.Target
		start := rng.IntN(len(funds))
		k = min(k, len(funds))
		for j := 0; j < k; j++ {
			out = append(out, firmdata.Target{Code: funds[(start+j)%len(funds)], Weight: 0.97 / float64(k)})
		}
		return out
	}
	start := day(2022, time.Month(1+rng.IntN(12)), 1+rng.IntN(28)).AddDate(rng.IntN(3), 0, 0)
	b.account(firmdata.Account{Key: c.Key + "-main", Portfolio: c.Key, Description: p.description, TaxStructure: p.taxStructure,
		TaxType: p.taxType, TaxTypeTitle: p.title, Product: "Harbour & Vale " + p.description, ServiceType: "Managed",
		ExternalAccountID: fmt.Sprintf("HV2%07d", len(b.f.Accounts)), VendorID: "harbour-wrap"},
		firmdata.AccountPlan{Start: start, Opening: math.Round(5000 + rng.Float64()*95000), Regular: float64(100 * (1 + rng.IntN(10))),
			Every: []int{0, 1, 3}[rng.IntN(3)], BuysPerTopUp: 1, Model: pickModel(2 + rng.IntN(3)), FeeRate: 0.005, IncomeEvery: 6})
	if c.Region == "GB" && rng.IntN(2) == 0 {
		b.account(firmdata.Account{Key: c.Key + "-pension", Portfolio: c.Key, Description: "Self-Invested Personal Pension",
			TaxStructure: "Pension", TaxType: "Pension", TaxTypeTitle: "Self-Invested Personal Pension", Product: "Harbour & Vale SIPP",
			ServiceType:       []string{"Managed", "Managed", "Not managed"}[rng.IntN(3)],
			ExternalAccountID: fmt.Sprintf("HV2%07d", len(b.f.Accounts)), VendorID: "harbour-wrap"},
			firmdata.AccountPlan{Start: start.AddDate(0, 2, 0), Opening: math.Round(20000 + rng.Float64()*280000), OpeningTransfer: true,
				Model: pickModel(3), FeeRate: 0.004, IncomeEvery: 6})
	}
}
