package firmdata

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"time"
)

// SyntheticFirmName is the name of the firm Synthetic builds; loading it twice into one store
// is refused like any other firm of the same name.
const SyntheticFirmName = "Kingsbridge Wealth Partners (synthetic)"

// SyntheticPassword is the password of every synthetic login (client1, client2 ... and
// adviser1@client ...). The firm carries only its bcrypt hash, SyntheticPasswordHash, made once
// at cost 10, so a load need not spend minutes hashing 10,000 copies of it.
const (
	SyntheticPassword     = "Synthetic#2026"
	SyntheticPasswordHash = "$2a$10$bsNXtY.MilSG5Gx4UxzdZu35/N.u2DOTFonoyF1EamNOuipo6t0xe"
)

// ClientsPerAdviser sets the size of a synthetic adviser's book.
const ClientsPerAdviser = 250

// syntheticYears is how much history the synthetic firm has.
const syntheticYears = 5

// Synthetic builds a plausible firm of n clients, deterministically: the same n, seed and
// today give the same firm. It has about one adviser per 250 clients; clients mostly in the
// UK, some in Australia, Canada and New Zealand; households of partners in client groups with
// joint accounts; ISAs, GIAs, SIPPs and regional products, some blocked, some 'Not managed',
// some in dollars or euros; about 240 instruments with five years of business-day prices; GBP,
// USD, EUR, AUD, CAD and NZD rates; three benchmarks; and about 100 transactions per client.
// The first client (client1, adviser1's) is a family office with FamilyOfficeAccounts accounts
// and BusyInboxMessages messages.
func Synthetic(n int, seed uint64, today time.Time) Firm {
	today = civil(today)
	from := today.AddDate(-syntheticYears, 0, 0)
	g := &generator{
		rng:    rand.New(rand.NewPCG(seed, 0x73796e7468)), // "synth"
		today:  today,
		from:   from,
		market: NewMarket(syntheticInstruments(), from, today),
	}
	g.byCurrency = map[string][]string{}
	for _, in := range g.market.instruments {
		if in.AssetClassCode != acCash {
			g.byCurrency[in.Currency] = append(g.byCurrency[in.Currency], in.Code)
		}
	}
	f := Firm{
		FormatVersion: FormatVersion,
		Firm: FirmInfo{Name: SyntheticFirmName, ProductName: "Kingsbridge Online", Region: "GB", BaseCurrency: "GBP",
			SiteLocales: []string{"en-gb", "en-ca", "en-au", "fr-ca"}},
		LoginProfiles:  []LoginProfile{{Key: "standard", Name: "Standard", InactiveSessionTimeoutClient: 30, InactiveSessionTimeout: 30}},
		Capabilities:   StandardCapabilities(),
		FeatureToggles: StandardFeatureToggles(),
		Securities:     g.market.Securities(),
		Prices:         g.market.Prices(),
		FXRates:        FXRates([]string{"USD", "EUR", "AUD", "CAD", "NZD"}, true, from, today),
		Benchmarks:     Benchmarks(from, today),
	}
	g.f = &f
	advisers := max(1, (n+ClientsPerAdviser-1)/ClientsPerAdviser)
	for i := 1; i <= advisers; i++ {
		f.Advisers = append(f.Advisers, g.adviser(i))
	}
	household := 0
	for next := 1; next <= n; household++ {
		adviser := f.Advisers[household%advisers].Key
		if next < n && g.chance(0.36) {
			g.couple(next, adviser)
			next += 2
		} else {
			g.single(next, adviser)
			next++
		}
	}
	g.familyOffice(&f.Clients[0])
	f.Messages = busyInbox(f.Clients[0].Key, today)
	return f
}

// FamilyOfficeAccounts is how many accounts the synthetic firm's first client (client1, of
// adviser1) holds: a wealthy household's dashboard, the case BenchmarkDashboard20Accounts
// measures.
const FamilyOfficeAccounts = 20

// familyOffice tops the client's accounts up to FamilyOfficeAccounts in two more portfolios of
// its own, cycling through its region's products. It runs after every other client is made,
// so the rest of the firm is what it was without it.
func (g *generator) familyOffice(c *Client) {
	have := 0
	for _, a := range g.f.Accounts {
		if a.Portfolio == "p"+c.Key || a.Portfolio == "pj"+c.Key {
			have++
		}
	}
	var kinds []string
	for kind := range products[c.Region] {
		if kind != "joint" {
			kinds = append(kinds, kind)
		}
	}
	sort.Strings(kinds)
	for i := 0; have < FamilyOfficeAccounts; i++ {
		pf := Portfolio{Key: fmt.Sprintf("pf%d%s", i%2+1, c.Key), Owner: c.Key,
			PortfolioName: fmt.Sprintf("%s %s family office %d", c.FirstName, c.LastName, i%2+1), PType: "PT_SINGLE"}
		if i < 2 {
			g.f.Portfolios = append(g.f.Portfolios, pf)
		}
		g.account(pf.Key, fmt.Sprintf("%s-fo%02d", c.Key, i+1), products[c.Region][kinds[i%len(kinds)]], c.Region)
		have++
	}
}

// StandardCapabilities are the capability grants of the demo and synthetic firms: clients see
// their portfolio, market data, their partner's data and their accounts' investment
// instructions (modelling_by_target_sets), without live market data; advisers have every
// capability.
func StandardCapabilities() []CapabilityGrant {
	return []CapabilityGrant{
		{Role: "ClientUser", Capability: "view_portfolio", Enabled: true},
		{Role: "ClientUser", Capability: "view_marketdata", Enabled: true},
		{Role: "ClientUser", Capability: "view_partner", Enabled: true},
		{Role: "ClientUser", Capability: "live_marketdata_access", Enabled: false},
		{Role: "ClientUser", Capability: "modelling_by_target_sets", Enabled: true},
		{Role: "User", Capability: "view_portfolio", Enabled: true},
		{Role: "User", Capability: "view_marketdata", Enabled: true},
		{Role: "User", Capability: "view_partner", Enabled: true},
		{Role: "User", Capability: "live_marketdata_access", Enabled: true},
		{Role: "User", Capability: "modelling_by_target_sets", Enabled: true},
	}
}

// StandardFeatureToggles are the feature toggles of the demo and synthetic firms (spec 1 §3).
func StandardFeatureToggles() map[string]bool {
	return map[string]bool{
		"use-client-analysis": true, "use-client-reports": true, "use-ids-dropdown": true, "use-market-data-logo": true,
		"use-sipp-wrapper": false, "multi-currency": true, "account-visibility": true,
	}
}

type generator struct {
	rng        *rand.Rand
	f          *Firm
	today      time.Time
	from       time.Time
	market     *Market
	byCurrency map[string][]string
	accountNo  int
}

func (g *generator) chance(p float64) bool { return g.rng.Float64() < p }

func pick[T any](g *generator, list []T) T { return list[g.rng.IntN(len(list))] }

// between is a uniform amount in [lo, hi), rounded to whole pounds.
func (g *generator) between(lo, hi float64) float64 {
	return math.Round(lo + g.rng.Float64()*(hi-lo))
}

// dateBetween is a day in [lo, hi).
func (g *generator) dateBetween(lo, hi time.Time) time.Time {
	days := int(hi.Sub(lo).Hours() / 24)
	if days <= 0 {
		return lo
	}
	return lo.AddDate(0, 0, g.rng.IntN(days))
}

func (g *generator) adviser(i int) Adviser {
	office := offices[(i-1)%len(offices)]
	female := g.chance(0.5)
	first, title := pick(g, maleFirstNames), pick(g, []string{"Mr", "Mr", "Dr"})
	if female {
		first, title = pick(g, femaleFirstNames), pick(g, []string{"Ms", "Mrs", "Dr"})
	}
	last := pick(g, lastNames)
	email := fmt.Sprintf("%s.%s%d@kingsbridge.example", asciiName(first), asciiName(last), i)
	return Adviser{
		Party: Party{
			Key: fmt.Sprintf("adviser%d", i), Title: title, FirstName: first, LastName: last, Region: "GB",
			PreferredEmail: email, CreatedAt: "2015-01-05",
			Addresses: []Address{{Type: "work", Block: office.block, StreetName: office.street, Suburb: office.town, Postcode: office.postcode, Country: "GB", Preferred: true}},
			Contacts: []Contact{
				{Type: "p2", Value: office.phone, CountryCode: "44", Preferred: true},
				{Type: "m2", Value: email, Preferred: true},
			},
			Login: &Login{Username: fmt.Sprintf("adviser%d@client", i), PasswordHash: SyntheticPasswordHash, LoginProfile: "standard"},
		},
		IntroductionText: fmt.Sprintf("%s %s is a chartered financial planner in our %s office, looking after families, business owners and retirees.", first, last, office.town),
		OpeningHours:     "Monday to Friday, 9am to 5.30pm",
	}
}

// asciiName is a name as it appears in an email address.
func asciiName(s string) string {
	return strings.NewReplacer("'", "", " ", "", "-", "").Replace(strings.ToLower(s))
}

// region picks where a household lives: mostly the UK.
func (g *generator) region() string {
	switch r := g.rng.IntN(100); {
	case r < 86:
		return "GB"
	case r < 92:
		return "AU"
	case r < 97:
		return "CA"
	default:
		return "NZ"
	}
}

func (g *generator) address(region string) Address {
	number := 1 + g.rng.IntN(180)
	if region != "GB" {
		p := pick(g, abroadPlaces[region])
		return Address{Type: "residential", Street: fmt.Sprintf("%d %s", number, pick(g, abroadStreets)), Suburb: p.suburb,
			State: p.state, Postcode: pick(g, p.postcodes), Country: region, Preferred: true}
	}
	town := pick(g, gbTowns)
	postcode := fmt.Sprintf("%s %d%c%c", pick(g, town.districts), g.rng.IntN(10),
		inwardLetters[g.rng.IntN(len(inwardLetters))], inwardLetters[g.rng.IntN(len(inwardLetters))])
	a := Address{Type: "residential", StreetName: fmt.Sprintf("%d %s", number, pick(g, streetNames)), Suburb: town.town,
		Postcode: postcode, Country: "GB", Preferred: true}
	if g.chance(0.1) {
		a.Block = pick(g, houseNames)
	}
	return a
}

var emailDomains = map[string]string{"GB": "example.co.uk", "AU": "example.com.au", "CA": "example.ca", "NZ": "example.co.nz"}

// mobile is an invented mobile number of the region (UK numbers from Ofcom's drama range).
func (g *generator) mobile(region string) string {
	switch region {
	case "AU":
		return fmt.Sprintf("+61 491 570 %03d", g.rng.IntN(1000))
	case "CA":
		return fmt.Sprintf("+1 613 555 %04d", 100+g.rng.IntN(100))
	case "NZ":
		return fmt.Sprintf("+64 21 555 %04d", g.rng.IntN(10000))
	}
	return fmt.Sprintf("+44 7700 900%03d", g.rng.IntN(1000))
}

// person makes client number n.
func (g *generator) person(n int, region, last string, female bool, home Address, adviser string) Client {
	age := 25 + g.rng.IntN(60)
	first := pick(g, maleFirstNames)
	title := "Mr"
	if female {
		first = pick(g, femaleFirstNames)
		title = pick(g, []string{"Mrs", "Ms", "Miss", "Mrs"})
	}
	if age > 40 && g.chance(0.05) {
		title = "Dr"
	}
	dob := time.Date(g.today.Year()-age, time.Month(1+g.rng.IntN(12)), 1+g.rng.IntN(28), 0, 0, 0, 0, time.UTC)
	email := fmt.Sprintf("%s.%s@%s", asciiName(first), asciiName(last), emailDomains[region])
	mobile := g.mobile(region)
	c := Client{
		Party: Party{
			Key: fmt.Sprintf("c%d", n), Title: title, FirstName: first, LastName: last, DOB: dob.Format(dateLayout),
			Region: region, ExternalID: fmt.Sprintf("KB-%06d", n),
			MaritalStatus: pick(g, []string{"Single", "Married", "Divorced", "Widowed"}),
			CreatedAt:     g.dateBetween(time.Date(2010, 1, 1, 0, 0, 0, 0, time.UTC), g.from).Format(dateLayout),
			Addresses:     []Address{home},
			Contacts: []Contact{
				{Type: "m1", Value: email, Preferred: true},
				{Type: "p3", Value: mobile, Preferred: true},
			},
		},
		Adviser:           adviser,
		ClientAccessLevel: pick(g, []string{"Client Portfolio", "Client Portfolio", "Client Portfolio", "Client Portfolio", "Client Portfolio", "Client Portfolio", "Client Portfolio", "Client Assets", "Client Assets", "Client Messages", "Not Assigned"}),
		CommPrefEmail:     ptr(g.chance(0.85)),
		CommPrefMail:      ptr(g.chance(0.3)),
		CommPrefSMS:       ptr(g.chance(0.2)),
		XptReviewStatus:   pick(g, []string{"1", "2", "3", "2", "4", "5"}),
		FactFindStatus:    pick(g, []string{"0", "0", "1", "2"}),
	}
	if region == "GB" {
		c.Nationality, c.CountryOfBirth, c.UKDomicileCountry, c.UKDomiciled = "British", "GB", "GB", true
	}
	if g.chance(0.03) {
		c.RoboJourneyType, c.RoboJourneyStatus = "investment", pick(g, []string{"enabled", "in_progress", "declined"})
	}
	if g.chance(0.4) {
		c.Contacts = append(c.Contacts, Contact{Type: "p1", Value: fmt.Sprintf("01632 960%03d", g.rng.IntN(1000))})
	}
	login := &Login{Username: fmt.Sprintf("client%d", n), PasswordHash: SyntheticPasswordHash, LoginProfile: "standard"}
	switch r := g.rng.IntN(100); {
	case r < 8:
		login.MFAMethod, login.MobilePhone = "sms", strings.ReplaceAll(mobile, " ", "")
	case r < 10:
		login.MFAMethod = "email"
	case r < 11:
		login.Disabled = true
	}
	c.Login = login
	return c
}

func ptr[T any](v T) *T { return &v }

func (g *generator) single(n int, adviser string) {
	region := g.region()
	c := g.person(n, region, pick(g, lastNames), g.chance(0.5), g.address(region), adviser)
	g.f.Clients = append(g.f.Clients, c)
	g.ownAccounts(&g.f.Clients[len(g.f.Clients)-1], region)
}

// couple makes clients n and n+1, partners in one household group, usually with a joint account.
func (g *generator) couple(n int, adviser string) {
	region := g.region()
	home := g.address(region)
	last := pick(g, lastNames)
	female := g.chance(0.5)
	a := g.person(n, region, last, female, home, adviser)
	otherLast := last
	if g.chance(0.15) {
		otherLast = pick(g, lastNames)
	}
	b := g.person(n+1, region, otherLast, g.chance(0.1) == female, home, adviser)
	a.Partner, b.Partner = b.Key, a.Key
	g.f.Clients = append(g.f.Clients, a, b)
	g.f.ClientGroups = append(g.f.ClientGroups, ClientGroup{
		Key: "household-" + a.Key, Name: last + " household",
		Members: []GroupMember{{Client: a.Key, LoginAccessible: ptr(true)}, {Client: b.Key, LoginAccessible: ptr(!g.chance(0.1))}},
	})
	ownA := g.ownAccounts(&g.f.Clients[len(g.f.Clients)-2], region)
	g.ownAccounts(&g.f.Clients[len(g.f.Clients)-1], region)
	if !g.chance(0.7) {
		return
	}
	pf := Portfolio{Key: "pj" + a.Key, Owner: a.Key, PortfolioName: fmt.Sprintf("%s and %s %s", a.FirstName, b.FirstName, last), PType: "PT_JOINT",
		Parties: []PortfolioParty{{Client: a.Key, ReasonForVisibility: "primary_joint_owner"}, {Client: b.Key, ReasonForVisibility: "secondary_joint_owner"}}}
	g.f.Portfolios = append(g.f.Portfolios, pf)
	joint := g.account(pf.Key, a.Key+"-joint", products[region]["joint"], region)
	if g.chance(0.02) {
		g.f.AccountVisibility = append(g.f.AccountVisibility, AccountVisibility{Client: b.Key, Account: joint, Visible: false})
	}
	if g.chance(0.4) {
		g.f.AccountGroups = append(g.f.AccountGroups, AccountGroup{Client: a.Key, GroupCode: "FAM", GroupName: "Family", Accounts: append(ownA, joint)})
	}
}

// product is a kind of account in a region.
type product struct {
	description, taxStructure, product, taxType, taxTypeTitle, currency string
	opening                                                             [2]float64 // range of the opening amount
	regular                                                             [2]float64 // range of a monthly contribution
	transfer                                                            float64    // chance the opening arrives by transfer
}

var products = map[string]map[string]product{
	"GB": {
		"isa":   {"Stocks & Shares ISA", "ISA", "Kingsbridge ISA", "ISA", "Individual Savings Account", "GBP", [2]float64{5000, 60000}, [2]float64{100, 1666}, 0.3},
		"gia":   {"General Investment Account", "GIA", "Kingsbridge GIA", "Taxable", "General Investment Account", "GBP", [2]float64{10000, 250000}, [2]float64{200, 2000}, 0.1},
		"sipp":  {"Self-Invested Personal Pension", "Pension", "Kingsbridge SIPP", "Pension", "Self-Invested Personal Pension", "GBP", [2]float64{20000, 400000}, [2]float64{200, 1500}, 0.5},
		"usd":   {"US Dollar Investment Account", "GIA", "Kingsbridge GIA", "Taxable", "General Investment Account", "USD", [2]float64{10000, 150000}, [2]float64{200, 1000}, 0.2},
		"eur":   {"Euro Investment Account", "GIA", "Kingsbridge GIA", "Taxable", "General Investment Account", "EUR", [2]float64{10000, 120000}, [2]float64{200, 1000}, 0.2},
		"joint": {"Joint General Investment Account", "GIA", "Kingsbridge GIA", "Taxable", "General Investment Account", "GBP", [2]float64{10000, 300000}, [2]float64{200, 2000}, 0.1},
	},
	"AU": {
		"invest": {"Investment Account", "Individual", "Kingsbridge Invest", "Taxable", "Investment Account", "AUD", [2]float64{10000, 200000}, [2]float64{200, 2000}, 0.1},
		"super":  {"Superannuation Fund", "Super", "Kingsbridge Super", "Superannuation", "Superannuation", "AUD", [2]float64{30000, 500000}, [2]float64{300, 2500}, 0.6},
		"joint":  {"Joint Investment Account", "Joint", "Kingsbridge Invest", "Taxable", "Investment Account", "AUD", [2]float64{10000, 250000}, [2]float64{200, 2000}, 0.1},
	},
	"CA": {
		"rrsp":  {"RRSP", "RRSP", "Kingsbridge RRSP", "Tax Deferred", "Registered Retirement Savings Plan", "CAD", [2]float64{10000, 300000}, [2]float64{200, 2000}, 0.5},
		"tfsa":  {"TFSA", "TFSA", "Kingsbridge TFSA", "Tax Free", "Tax-Free Savings Account", "CAD", [2]float64{5000, 90000}, [2]float64{100, 600}, 0.3},
		"cash":  {"Non-Registered Account", "Non-Registered", "Kingsbridge Invest", "Taxable", "Non-Registered Account", "CAD", [2]float64{10000, 200000}, [2]float64{200, 2000}, 0.1},
		"joint": {"Joint Non-Registered Account", "Non-Registered", "Kingsbridge Invest", "Taxable", "Non-Registered Account", "CAD", [2]float64{10000, 250000}, [2]float64{200, 2000}, 0.1},
	},
	"NZ": {
		"kiwi":   {"KiwiSaver Scheme", "KiwiSaver", "Kingsbridge KiwiSaver", "PIE", "KiwiSaver", "NZD", [2]float64{10000, 150000}, [2]float64{100, 800}, 0.5},
		"invest": {"Investment Portfolio", "Individual", "Kingsbridge Invest", "Taxable", "Investment Portfolio", "NZD", [2]float64{10000, 200000}, [2]float64{200, 1500}, 0.1},
		"joint":  {"Joint Investment Portfolio", "Joint", "Kingsbridge Invest", "Taxable", "Investment Portfolio", "NZD", [2]float64{10000, 250000}, [2]float64{200, 1500}, 0.1},
	},
}

// ownAccounts gives a client a single-owner portfolio with one to three accounts and answers
// their keys.
func (g *generator) ownAccounts(c *Client, region string) []string {
	pf := Portfolio{Key: "p" + c.Key, Owner: c.Key, PortfolioName: c.FirstName + " " + c.LastName, PType: "PT_SINGLE"}
	g.f.Portfolios = append(g.f.Portfolios, pf)
	var kinds []string
	switch region {
	case "GB":
		age := g.today.Year() - mustYear(c.DOB)
		if g.chance(0.75) {
			kinds = append(kinds, "isa")
		}
		if g.chance(0.35) {
			kinds = append(kinds, "gia")
		}
		if age < 75 && g.chance(0.5) {
			kinds = append(kinds, "sipp")
		}
		if g.chance(0.03) {
			kinds = append(kinds, "usd")
		} else if g.chance(0.01) {
			kinds = append(kinds, "eur")
		}
		if len(kinds) == 0 {
			kinds = []string{"gia"}
		}
	case "AU":
		kinds = []string{"invest"}
		if g.chance(0.6) {
			kinds = append(kinds, "super")
		}
	case "CA":
		kinds = []string{pick(g, []string{"rrsp", "tfsa", "cash"})}
		if g.chance(0.5) {
			kinds = append(kinds, "tfsa")
			if kinds[0] == "tfsa" {
				kinds[1] = "rrsp"
			}
		}
	case "NZ":
		kinds = []string{"kiwi"}
		if g.chance(0.5) {
			kinds = append(kinds, "invest")
		}
	}
	var keys []string
	for _, kind := range kinds {
		keys = append(keys, g.account(pf.Key, c.Key+"-"+kind, products[region][kind], region))
	}
	if region == "GB" && len(kinds) >= 2 && kinds[0] == "isa" && kinds[len(kinds)-1] == "sipp" && g.chance(0.3) {
		g.f.AccountGroups = append(g.f.AccountGroups, AccountGroup{Client: c.Key, GroupCode: "RET", GroupName: "Retirement",
			Accounts: []string{keys[0], keys[len(keys)-1]}})
	}
	return keys
}

func mustYear(date string) int {
	t, _ := time.Parse(dateLayout, date)
	return t.Year()
}

// account adds an account of a product to a portfolio, with its history, and answers its key.
func (g *generator) account(portfolio, key string, p product, region string) string {
	g.accountNo++
	span := g.today.AddDate(0, -2, 0).Sub(g.from)
	// Older accounts are more common than new ones: u² leans towards the start of the window.
	u := g.rng.Float64()
	start := firstBusinessDayFrom(g.from.Add(time.Duration(u * u * float64(span))))
	a := Account{
		Key: key, Portfolio: portfolio, Description: p.description, TaxStructure: p.taxStructure, Product: p.product,
		ExternalAccountID: fmt.Sprintf("KB%08d", 10000000+g.accountNo), TaxType: p.taxType, TaxTypeTitle: p.taxTypeTitle,
		PlanCurrency: p.currency, ActiveDate: start.Format(dateLayout), VendorID: "kingsbridge-wrap",
	}
	if p.currency != regionDefaults[region].currency {
		a.ReportCurrency = regionDefaults[region].currency
	}
	switch r := g.rng.IntN(100); {
	case r < 5:
		a.ServiceType, a.VendorID = "Not managed", "held-away"
	case r < 25:
		a.ServiceType = "Advisory"
	default:
		a.ServiceType = "Managed"
	}
	a.Blocked = g.chance(0.02)
	plan := AccountPlan{
		Start: start, End: g.today,
		Opening:         g.between(p.opening[0], p.opening[1]),
		OpeningTransfer: g.chance(p.transfer),
		FeeRate:         0.0025 + 0.0025*float64(g.rng.IntN(3)),
		Model:           g.model(p.currency),
		BuysPerTopUp:    1 + g.rng.IntN(2),
		IncomeEvery:     pick(g, []int{6, 6, 12}),
	}
	switch r := g.rng.IntN(100); {
	case r < 10:
		plan.Every, plan.Regular = 1, g.between(p.regular[0], p.regular[1])
	case r < 35:
		plan.Every, plan.Regular = 3, 3*g.between(p.regular[0], p.regular[1])
	case r < 50:
		plan.Every, plan.Regular = 12, 12*g.between(p.regular[0], p.regular[1])
	}
	for k := g.rng.IntN(3); k > 0; k-- {
		from := pick(g, plan.Model).Code
		to := pick(g, g.byCurrency[p.currency])
		if g.chance(0.3) {
			to = "" // take profits into cash
		}
		plan.Switches = append(plan.Switches, Switch{Date: g.dateBetween(start, g.today), From: from, To: to, Fraction: 0.3 + 0.7*g.rng.Float64()})
	}
	if g.chance(0.3) {
		for k := 1 + g.rng.IntN(2); k > 0; k-- {
			plan.Withdrawals = append(plan.Withdrawals, Withdrawal{Date: g.dateBetween(start, g.today), Amount: math.Round(plan.Opening * (0.02 + 0.08*g.rng.Float64()))})
		}
	}
	a.Transactions = g.market.Simulate(plan)
	g.f.Accounts = append(g.f.Accounts, a)
	return key
}

// model picks three to six holdings in a currency with random weights that leave a little cash.
func (g *generator) model(currency string) []Target {
	codes := g.byCurrency[currency]
	n := min(len(codes), 3+g.rng.IntN(4))
	chosen := map[string]bool{}
	var out []Target
	var sum float64
	for len(out) < n {
		code := pick(g, codes)
		if chosen[code] {
			continue
		}
		chosen[code] = true
		w := 0.5 + g.rng.Float64()
		out = append(out, Target{code, w})
		sum += w
	}
	for i := range out {
		out[i].Weight = out[i].Weight / sum * 0.97
	}
	return out
}
