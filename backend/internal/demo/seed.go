package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"wealthportal/backend/internal/firmdata"
	"wealthportal/backend/internal/store"
)

// Login is one demo login, printed at start and listed in the README.
type Login struct {
	Typed    string // what to type on the login page
	Tab      string // Client or Adviser
	Password string
	Note     string
}

// Logins are the demo logins. Adviser usernames are typed without the @client suffix, which the
// Adviser tab appends.
var Logins = []Login{
	{"demo.client", "Client", "DemoClient#2026", "client, site access Portfolio, GB, has a partner"},
	{"demo.assets", "Client", "DemoAssets#2026", "client, site access Assets"},
	{"demo.messages", "Client", "DemoMessages#2026", "client, site access Messages"},
	{"demo.mfa", "Client", "DemoMfa#2026", "client, login code by SMS (see the server log)"},
	{"demo.adviser", "Adviser", "DemoAdviser#2026", "adviser of the fourteen demo client logins and 52 more clients"},
	{"demo.adviser2", "Adviser", "DemoAdviser2#2026", "adviser of 20 other clients"},
}

// AllLogins are every demo login, in the order they are printed at start.
func AllLogins() []Login {
	all := append([]Login{}, Logins...)
	all = append(all, StepLogins...)
	return append(all, HelpLogins...)
}

// FirmName is the demo firm's name.
const FirmName = "Harbour & Vale Wealth Management"

// seededKey is the meta row that records that the demo was seeded, so it is seeded once.
const seededKey = "demo_seeded"

// Seed creates the demo firm unless it already exists. hashCost is the bcrypt cost; now is the
// demo's "today": prices and transactions run up to it. Instances starting together on one
// store seed once: on PostgreSQL they queue on an advisory lock and the later ones find the
// firm; on SQLite the load's write transaction serialises them and a load refused because the
// firm has just been seeded counts as seeded by the other process.
func Seed(ctx context.Context, db *store.DB, hashCost int, now time.Time) (bool, error) {
	seeded := false
	err := db.WithLock(ctx, store.LockDemoSeed, func() error {
		if done, err := isSeeded(ctx, db); err != nil || done {
			if err != nil {
				return err
			}
			// A store seeded before payment information and target sets existed gets them now (once).
			return seedExtras(ctx, db, now)
		}
		_, err := firmdata.Load(ctx, db, Firm(now), firmdata.LoadOptions{
			HashCost: hashCost, Now: now, Meta: map[string]string{seededKey: store.FormatTime(now)},
		})
		if err != nil {
			if done, _ := isSeeded(ctx, db); done {
				return nil
			}
			return fmt.Errorf("seed demo: %w", err)
		}
		seeded = true
		return seedExtras(ctx, db, now)
	})
	return seeded, err
}

// isSeeded reports whether the demo's seeded mark is in the store.
func isSeeded(ctx context.Context, db *store.DB) (bool, error) {
	var done int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM meta WHERE key = 'demo_seeded'`).Scan(&done); err != nil {
		return false, err
	}
	return done > 0, nil
}

func password(typed string) string {
	for _, l := range AllLogins() {
		if l.Typed == typed {
			return l.Password
		}
	}
	panic("demo: no login " + typed)
}

// marketStart is where the demo's price history begins. It is a fixed date, not "five years
// before today", so that a price on a given date is the same whenever the demo was seeded.
var marketStart = time.Date(2021, 11, 1, 0, 0, 0, 0, time.UTC)

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// Firm is the demo firm as of now: Harbour & Vale Wealth Management of Bristol, its two
// advisers, the demo clients with their portfolios, and the rest of each adviser's book.
func Firm(now time.Time) firmdata.Firm {
	today := day(now.UTC().Date())
	from := marketStart
	if !today.After(from.AddDate(0, 1, 0)) {
		from = today.AddDate(-1, 0, 0) // a clock set before the demo's history: keep a year of it
	}
	b := &builder{
		market: firmdata.NewMarket(instruments(), from, today),
		today:  today,
		f: firmdata.Firm{
			FormatVersion: firmdata.FormatVersion,
			Firm: firmdata.FirmInfo{Name: FirmName, ProductName: "Harbour & Vale Online", Region: "GB", BaseCurrency: "GBP",
				SiteLocales: []string{"en-gb", "en-ca", "en-au", "fr-ca"}},
			ClientAccessLevels: firmdata.StandardAccessLevels,
			LoginProfiles:      []firmdata.LoginProfile{{Key: "standard", Name: "Standard", InactiveSessionTimeoutClient: 30, InactiveSessionTimeout: 30}},
			Capabilities:       firmdata.StandardCapabilities(),
			FeatureToggles:     firmdata.StandardFeatureToggles(),
		},
		usernames: map[string]bool{},
	}
	b.f.Securities = b.market.Securities()
	b.f.Prices = b.market.Prices()
	b.f.FXRates = firmdata.FXRates([]string{"USD", "EUR", "AUD", "CAD", "NZD"}, false, from, today)
	b.f.Benchmarks = firmdata.Benchmarks(from, today)
	b.advisers()
	b.demoClients()
	// The rest of each book: deterministic, so the same seed gives the same firm every time.
	people := rand.New(rand.NewPCG(2026, 11))
	details := rand.New(rand.NewPCG(2026, 12))
	b.book(people, details, "oliver", 52)
	b.book(people, details, "sophie", 20)
	b.stepClients()
	b.securityQuestions()
	return b.f
}

type builder struct {
	f         firmdata.Firm
	market    *firmdata.Market
	today     time.Time
	usernames map[string]bool
}

func (b *builder) login(username string) *firmdata.Login {
	b.usernames[strings.ToLower(username)] = true
	typed := strings.TrimSuffix(username, "@client")
	return &firmdata.Login{Username: username, Password: password(typed), LoginProfile: "standard"}
}

func (b *builder) advisers() {
	b.f.Advisers = []firmdata.Adviser{
		{
			Party: firmdata.Party{
				Key: "oliver", Title: "Mr", FirstName: "Oliver", LastName: "Bennett", Region: "GB",
				PreferredEmail: "oliver.bennett@harbourvale.co.uk", CreatedAt: "2016-09-01",
				Addresses: []firmdata.Address{{Type: "work", Block: "Harbour & Vale House", StreetName: "1 Narrow Quay",
					Suburb: "Bristol", Postcode: "BS1 4QA", Country: "GB", Preferred: true}},
				Contacts: []firmdata.Contact{
					{Type: "p2", Value: "0117 496 0123", CountryCode: "44", Preferred: true},
					{Type: "p3", Value: "+44 7700 900123"},
					{Type: "m2", Value: "oliver.bennett@harbourvale.co.uk", Preferred: true},
				},
				Login: b.login("demo.adviser@client"),
			},
			IntroductionText: "Oliver is a chartered financial planner who has looked after families across the South West " +
				"for over fifteen years. He helps clients plan for retirement, pass on wealth and keep their " +
				"investments in step with what matters to them.",
			OpeningHours: "Monday to Friday, 9am to 5.30pm; Saturday mornings by appointment",
		},
		{
			Party: firmdata.Party{
				Key: "sophie", Title: "Ms", FirstName: "Sophie", LastName: "Laurent", Region: "GB",
				PreferredEmail: "sophie.laurent@harbourvale.co.uk", CreatedAt: "2018-02-12",
				Addresses: []firmdata.Address{{Type: "work", Block: "Second Floor", StreetName: "4 Charlotte Square",
					Suburb: "Edinburgh", Postcode: "EH2 4DR", Country: "GB", Preferred: true}},
				Contacts: []firmdata.Contact{
					{Type: "p2", Value: "0131 496 0456", CountryCode: "44", Preferred: true},
					{Type: "m2", Value: "sophie.laurent@harbourvale.co.uk", Preferred: true},
				},
				Login: b.login("demo.adviser2@client"),
			},
			IntroductionText: "Sophie leads our Edinburgh office. She specialises in pensions and cross-border planning " +
				"for clients with ties to Scotland, France and further afield.",
			OpeningHours: "Monday to Thursday, 8.30am to 5pm; Friday 8.30am to 1pm",
		},
	}
}

func gbHome(street, suburb, postcode string) firmdata.Address {
	return firmdata.Address{Type: "residential", StreetName: street, Suburb: suburb, Postcode: postcode, Country: "GB", Preferred: true}
}

func yes() *bool { v := true; return &v }
func no() *bool  { v := false; return &v }

// demoClients are the clients behind the demo logins, and Eleanor's partner James.
func (b *builder) demoClients() {
	clifton := gbHome("14 Royal York Crescent", "Clifton, Bristol", "BS8 4JY")
	eleanor := firmdata.Client{
		Party: firmdata.Party{
			Key: "eleanor", Title: "Mrs", FirstName: "Eleanor", MiddleName: "Mary", LastName: "Whitfield", PreferredName: "Ellie",
			DOB: "1968-04-17", PreferredEmail: "eleanor.whitfield@example.co.uk", Region: "GB", ExternalID: "HV-000101",
			CountryOfBirth: "GB", Nationality: "British", MaritalStatus: "Married", UKDomicileCountry: "GB", UKDomiciled: true,
			CreatedAt: "2019-03-12", Addresses: []firmdata.Address{clifton},
			Contacts: []firmdata.Contact{
				{Type: "m1", Value: "eleanor.whitfield@example.co.uk", Preferred: true},
				{Type: "p3", Value: "+44 7700 900417", Preferred: true},
				{Type: "p1", Value: "0117 496 0871"},
			},
			Login: b.login("demo.client"),
		},
		Adviser: "oliver", Partner: "james", ClientAccessLevel: "Client Portfolio",
		CommPrefEmail: yes(), CommPrefMail: no(), CommPrefSMS: yes(),
		// The annual review is open for both of them and a fact find awaits her (issue 18).
		XptReviewStatus: "2", FactFindStatus: "1",
	}
	james := firmdata.Client{
		Party: firmdata.Party{
			Key: "james", Title: "Mr", FirstName: "James", LastName: "Whitfield", DOB: "1965-09-02",
			PreferredEmail: "james.whitfield@example.co.uk", Region: "GB", ExternalID: "HV-000102",
			CountryOfBirth: "GB", Nationality: "British", MaritalStatus: "Married", UKDomicileCountry: "GB", UKDomiciled: true,
			CreatedAt: "2019-03-12", Addresses: []firmdata.Address{clifton},
			Contacts: []firmdata.Contact{
				{Type: "m1", Value: "james.whitfield@example.co.uk", Preferred: true},
				{Type: "p3", Value: "+44 7700 900902", Preferred: true},
			},
		},
		Adviser: "oliver", Partner: "eleanor", ClientAccessLevel: "Client Portfolio",
		XptReviewStatus: "2", FactFindStatus: "0",
	}
	priya := firmdata.Client{
		Party: firmdata.Party{
			Key: "priya", Title: "Dr", FirstName: "Priya", LastName: "Raman", DOB: "1979-12-05",
			PreferredEmail: "priya.raman@example.co.uk", Region: "GB", ExternalID: "HV-000140", MaritalStatus: "Single",
			CreatedAt: "2022-11-20", Addresses: []firmdata.Address{gbHome("41 Bainton Road", "Oxford", "OX2 7DE")},
			Contacts: []firmdata.Contact{
				{Type: "m1", Value: "priya.raman@example.co.uk", Preferred: true},
				{Type: "p3", Value: "+44 7700 900512", Preferred: true},
			},
			Login: b.login("demo.assets"),
		},
		Adviser: "oliver", ClientAccessLevel: "Client Assets", FactFindStatus: "0",
		RoboJourneyType: "retirement_health_check", RoboJourneyStatus: "declined",
	}
	thomas := firmdata.Client{
		Party: firmdata.Party{
			Key: "thomas", Title: "Mr", FirstName: "Thomas", LastName: "O'Connell", PreferredName: "Tom", DOB: "1984-06-23",
			PreferredEmail: "tom.oconnell@example.co.uk", Region: "GB", ExternalID: "HV-000163",
			CreatedAt: "2024-02-01", Addresses: []firmdata.Address{gbHome("9 Lapwing Lane", "Didsbury, Manchester", "M20 6RT")},
			Contacts: []firmdata.Contact{{Type: "m1", Value: "tom.oconnell@example.co.uk", Preferred: true}},
			Login:    b.login("demo.messages"),
		},
		Adviser: "oliver", ClientAccessLevel: "Client Messages", RoboJourneyType: "investment", RoboJourneyStatus: "in_progress",
	}
	aisha := firmdata.Client{
		Party: firmdata.Party{
			Key: "aisha", Title: "Ms", FirstName: "Aisha", LastName: "Patel", DOB: "1990-02-11",
			PreferredEmail: "aisha.patel@example.co.uk", Region: "GB", ExternalID: "HV-000177",
			CreatedAt: "2022-09-14", Addresses: []firmdata.Address{gbHome("17 Stoneygate Road", "Leicester", "LE2 1TA")},
			Contacts: []firmdata.Contact{
				{Type: "m1", Value: "aisha.patel@example.co.uk", Preferred: true},
				{Type: "p3", Value: "+44 7700 900123", Preferred: true},
			},
		},
		Adviser: "oliver", ClientAccessLevel: "Client Portfolio", CommPrefSMS: yes(), XptReviewStatus: "5", FactFindStatus: "0",
	}
	aisha.Login = b.login("demo.mfa")
	aisha.Login.MFAMethod, aisha.Login.MobilePhone = "sms", "+447700900123"
	b.f.Clients = append(b.f.Clients, eleanor, james, priya, thomas, aisha)
	b.f.ClientGroups = append(b.f.ClientGroups, firmdata.ClientGroup{Key: "whitfield", Name: "Whitfield household",
		Members: []firmdata.GroupMember{{Client: "eleanor", LoginAccessible: yes()}, {Client: "james", LoginAccessible: yes()}}})
	b.whitfieldAccounts()
	b.smallAccounts()
}

// account adds an account and runs its plan.
func (b *builder) account(a firmdata.Account, plan firmdata.AccountPlan) {
	plan.End = b.today
	a.ActiveDate = plan.Start.Format("2006-01-02")
	a.Transactions = b.market.Simulate(plan)
	b.f.Accounts = append(b.f.Accounts, a)
}

func model(pairs ...any) []firmdata.Target {
	var out []firmdata.Target
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, firmdata.Target{Code: pairs[i].(string), Weight: pairs[i+1].(float64)})
	}
	return out
}

// whitfieldAccounts are Eleanor's and James's accounts: every kind the portfolio screens show.
func (b *builder) whitfieldAccounts() {
	b.f.Portfolios = append(b.f.Portfolios,
		firmdata.Portfolio{Key: "eleanor", Owner: "eleanor", PortfolioName: "Eleanor Whitfield", PType: "PT_SINGLE", ReportCurrency: "GBP"},
		firmdata.Portfolio{Key: "whitfield-joint", Owner: "eleanor", PortfolioName: "Eleanor and James Whitfield", PType: "PT_JOINT", ReportCurrency: "GBP",
			Parties: []firmdata.PortfolioParty{{Client: "eleanor", ReasonForVisibility: "primary_joint_owner"}, {Client: "james", ReasonForVisibility: "secondary_joint_owner"}}},
		firmdata.Portfolio{Key: "james", Owner: "james", PortfolioName: "James Whitfield", PType: "PT_SINGLE", ReportCurrency: "GBP"},
	)
	isa := firmdata.Account{Key: "eleanor-isa", Portfolio: "eleanor", Description: "Stocks & Shares ISA", TaxStructure: "ISA",
		Product: "Harbour & Vale ISA", ExternalAccountID: "HV10000101", TaxType: "ISA", TaxTypeTitle: "Individual Savings Account",
		ServiceType: "Managed", VendorID: "harbour-wrap"}
	b.account(isa, firmdata.AccountPlan{
		Start: day(2022, 1, 10), Opening: 48000, OpeningTransfer: true, Regular: 1000, Every: 1, BuysPerTopUp: 2,
		Model:   model("HVGEA", 0.28, "HVUEI", 0.15, "SVCBI", 0.14, "CLGSA", 0.1, "WBEMA", 0.1, "BVWLD", 0.12, "NGPRI", 0.08),
		FeeRate: 0.0045, IncomeEvery: 3,
		Switches: []firmdata.Switch{
			{Date: day(2023, 3, 15), From: "WBEMA", To: "AVGLA", Fraction: 0.5},
			{Date: day(2024, 9, 10), From: "HVGEA", To: "", Fraction: 0.2},
		},
	})
	gia := firmdata.Account{Key: "eleanor-gia", Portfolio: "eleanor", Description: "General Investment Account", TaxStructure: "GIA",
		Product: "Harbour & Vale GIA", ExternalAccountID: "HV10000102", TaxType: "Taxable", TaxTypeTitle: "General Investment Account",
		ServiceType: "Managed", VendorID: "harbour-wrap"}
	b.account(gia, firmdata.AccountPlan{
		Start: day(2022, 2, 1), Opening: 85000,
		Model:   model("HVBPA", 0.38, "BVUKL", 0.2, "SPGLD", 0.08, "AVRL", 0.1, "CBTL", 0.1, "SVCBI", 0.12),
		FeeRate: 0.005, IncomeEvery: 6,
		Switches:    []firmdata.Switch{{Date: day(2022, 11, 7), From: "CBTL", To: "", Fraction: 1}},
		Withdrawals: []firmdata.Withdrawal{{Date: day(2023, 8, 1), Amount: 6000}, {Date: day(2025, 5, 12), Amount: 4500}},
	})
	sipp := firmdata.Account{Key: "eleanor-sipp", Portfolio: "eleanor", Description: "Self-Invested Personal Pension", TaxStructure: "Pension",
		Product: "Harbour & Vale SIPP", ExternalAccountID: "HV10000103", TaxType: "Pension", TaxTypeTitle: "Self-Invested Personal Pension",
		ServiceType: "Managed", PlanCurrency: "GBP", VendorID: "harbour-wrap"}
	b.account(sipp, firmdata.AccountPlan{
		Start: day(2022, 3, 1), Opening: 210000, OpeningTransfer: true, Regular: 800, Every: 1, BuysPerTopUp: 1,
		Model:   model("HVGEA", 0.33, "AVGLA", 0.15, "SVCBI", 0.15, "HVBPA", 0.2, "CLGSA", 0.14),
		FeeRate: 0.004, IncomeEvery: 6,
		// The switch's units are kept as their own part of the holding (a sub-position).
		Switches: []firmdata.Switch{{Date: day(2025, 2, 3), From: "CLGSA", To: "HVGEA", Fraction: 0.4, ToPart: "Switch from CLGSA, February 2025"}},
	})
	joint := firmdata.Account{Key: "whitfield-joint-gia", Portfolio: "whitfield-joint", Description: "Joint General Investment Account",
		TaxStructure: "GIA", Product: "Harbour & Vale GIA", ExternalAccountID: "HV10000104", TaxType: "Taxable",
		TaxTypeTitle: "General Investment Account", ServiceType: "Managed", VendorID: "harbour-wrap"}
	b.account(joint, firmdata.AccountPlan{
		Start: day(2022, 4, 4), Opening: 60000, Regular: 1500, Every: 3, BuysPerTopUp: 2,
		Model:   model("HVUEI", 0.3, "HVBPA", 0.4, "NGPRI", 0.1, "SVCBI", 0.17),
		FeeRate: 0.005, IncomeEvery: 3,
	})
	usd := firmdata.Account{Key: "eleanor-usd", Portfolio: "eleanor", Description: "US Dollar Investment Account", TaxStructure: "GIA",
		Product: "Harbour & Vale GIA (USD)", ExternalAccountID: "HV10000105", TaxType: "Taxable", TaxTypeTitle: "General Investment Account",
		ServiceType: "Managed", PlanCurrency: "USD", ReportCurrency: "GBP", VendorID: "harbour-wrap"}
	b.account(usd, firmdata.AccountPlan{
		Start: day(2022, 5, 3), Opening: 40000,
		Model:   model("MRUSA", 0.6, "USTC", 0.15, "HVDBI", 0.22),
		FeeRate: 0.005, IncomeEvery: 3,
		Switches: []firmdata.Switch{{Date: day(2024, 12, 2), From: "USTC", To: "MRUSA", Fraction: 0.5}},
	})
	legacy := firmdata.Account{Key: "eleanor-legacy-pension", Portfolio: "eleanor", Description: "Personal Pension (transfer out pending)",
		TaxStructure: "Pension", Product: "Severn Life Personal Pension", ExternalAccountID: "SL-4471902", TaxType: "Pension",
		TaxTypeTitle: "Personal Pension", ServiceType: "Managed", VendorID: "severn-life", Blocked: true}
	b.account(legacy, firmdata.AccountPlan{
		Start: day(2021, 11, 15), Opening: 32000, OpeningTransfer: true,
		Model: model("HVBPA", 0.6, "SVCBI", 0.37), FeeRate: 0.0075, IncomeEvery: 6,
	})
	workplace := firmdata.Account{Key: "eleanor-workplace", Portfolio: "eleanor", Description: "Workplace Pension (held away)",
		TaxStructure: "Pension", Product: "Avon Group Workplace Pension", ExternalAccountID: "AGWP-201877", TaxType: "Pension",
		TaxTypeTitle: "Occupational Pension", ServiceType: "Not managed", VendorID: "held-away"}
	b.account(workplace, firmdata.AccountPlan{
		Start: day(2021, 12, 1), Opening: 55000, Regular: 450, Every: 1,
		Model: model("HVBPA", 0.97), FeeRate: 0.003,
	})
	jamesISA := firmdata.Account{Key: "james-isa", Portfolio: "james", Description: "Stocks & Shares ISA", TaxStructure: "ISA",
		Product: "Harbour & Vale ISA", ExternalAccountID: "HV10000111", TaxType: "ISA", TaxTypeTitle: "Individual Savings Account",
		ServiceType: "Managed", VendorID: "harbour-wrap"}
	b.account(jamesISA, firmdata.AccountPlan{
		Start: day(2022, 1, 10), Opening: 20000, Regular: 500, Every: 1, BuysPerTopUp: 1,
		Model: model("HVGEA", 0.5, "HVUEI", 0.25, "SVCBI", 0.22), FeeRate: 0.0045, IncomeEvery: 6,
	})
	jamesSIPP := firmdata.Account{Key: "james-sipp", Portfolio: "james", Description: "Self-Invested Personal Pension", TaxStructure: "Pension",
		Product: "Harbour & Vale SIPP", ExternalAccountID: "HV10000112", TaxType: "Pension", TaxTypeTitle: "Self-Invested Personal Pension",
		ServiceType: "Managed", VendorID: "harbour-wrap"}
	b.account(jamesSIPP, firmdata.AccountPlan{
		Start: day(2022, 7, 1), Opening: 150000, OpeningTransfer: true,
		Model: model("HVBPA", 0.5, "AVGLA", 0.2, "SVCBI", 0.27), FeeRate: 0.004, IncomeEvery: 6,
		Withdrawals: []firmdata.Withdrawal{{Date: day(2025, 9, 1), Amount: 25000}},
	})
	b.f.AccountGroups = append(b.f.AccountGroups,
		firmdata.AccountGroup{Client: "eleanor", GroupCode: "RET", GroupName: "Retirement", ReportCurrency: "GBP",
			Accounts: []string{"eleanor-sipp", "eleanor-legacy-pension", "eleanor-workplace"}},
		firmdata.AccountGroup{Client: "eleanor", GroupCode: "FAM", GroupName: "Family", ReportCurrency: "GBP",
			Accounts: []string{"eleanor-isa", "eleanor-gia", "whitfield-joint-gia"}},
	)
}

// smallAccounts are the portfolios of demo.assets, demo.messages and demo.mfa.
func (b *builder) smallAccounts() {
	for _, c := range []struct {
		key, name string
		account   firmdata.Account
		plan      firmdata.AccountPlan
	}{
		{"priya", "Priya Raman",
			firmdata.Account{Key: "priya-isa", Description: "Stocks & Shares ISA", TaxStructure: "ISA", Product: "Harbour & Vale ISA",
				ExternalAccountID: "HV10000141", TaxType: "ISA", TaxTypeTitle: "Individual Savings Account", VendorID: "harbour-wrap"},
			firmdata.AccountPlan{Start: day(2023, 1, 9), Opening: 15000, Regular: 300, Every: 1, BuysPerTopUp: 1,
				Model: model("HVGEA", 0.5, "SVCBI", 0.25, "BVWLD", 0.22), FeeRate: 0.0045, IncomeEvery: 6}},
		{"thomas", "Thomas O'Connell",
			firmdata.Account{Key: "thomas-gia", Description: "General Investment Account", TaxStructure: "GIA", Product: "Harbour & Vale GIA",
				ExternalAccountID: "HV10000163", TaxType: "Taxable", TaxTypeTitle: "General Investment Account", VendorID: "harbour-wrap"},
			firmdata.AccountPlan{Start: day(2024, 3, 4), Opening: 8000, Regular: 600, Every: 3,
				Model: model("HVBPA", 0.97), FeeRate: 0.005}},
		{"aisha", "Aisha Patel",
			firmdata.Account{Key: "aisha-isa", Description: "Stocks & Shares ISA", TaxStructure: "ISA", Product: "Harbour & Vale ISA",
				ExternalAccountID: "HV10000177", TaxType: "ISA", TaxTypeTitle: "Individual Savings Account", VendorID: "harbour-wrap"},
			firmdata.AccountPlan{Start: day(2022, 10, 3), Opening: 10000, Regular: 250, Every: 1, BuysPerTopUp: 1,
				Model: model("HVGEA", 0.6, "SVCBI", 0.37), FeeRate: 0.0045, IncomeEvery: 6}},
	} {
		b.f.Portfolios = append(b.f.Portfolios, firmdata.Portfolio{Key: c.key, Owner: c.key, PortfolioName: c.name, PType: "PT_SINGLE", ReportCurrency: "GBP"})
		c.account.Portfolio, c.account.ServiceType = c.key, "Managed"
		b.account(c.account, c.plan)
	}
}
