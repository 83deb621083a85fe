package firmdata

import (
	"reflect"
	"strings"
	"testing"
)

func TestSmallFirmIsValid(t *testing.T) {
	if problems := Validate(smallFirm(t)); len(problems) > 0 {
		t.Fatalf("small-firm.json: %v", problems)
	}
}

// TestValidateRules breaks the valid small firm one rule at a time and expects exactly the
// problems named, at their locations.
func TestValidateRules(t *testing.T) {
	type want = []Problem
	isa := func(f *Firm) *Account { return &f.Accounts[0] }
	tests := []struct {
		name   string
		change func(f *Firm)
		want   want
	}{
		// The firm and its settings.
		{"format version", func(f *Firm) { f.FormatVersion = 2 }, want{{"format_version", "want 1, got 2"}}},
		{"firm name and product required", func(f *Firm) { f.Firm.Name, f.Firm.ProductName = " ", "" },
			want{{"firm.name", "required"}, {"firm.product_name", "required"}}},
		{"firm region", func(f *Firm) { f.Firm.Region = "EU" },
			want{{"firm.region", `want GB, AU, CA, NZ, ZA, NA, AA, HK, SG, TH, MY, TW or ID, got "EU"`}}},
		{"firm base currency", func(f *Firm) { f.Firm.BaseCurrency = "gbp" },
			want{{"firm.base_currency", `want a three-letter currency code such as GBP, got "gbp"`}}},
		{"site locale", func(f *Firm) { f.Firm.SiteLocales = []string{"en-gb", "English"} },
			want{{"firm.site_locales[1]", `want a locale such as en-gb, got "English"`}}},
		{"access levels unique", func(f *Firm) {
			f.ClientAccessLevels = append(f.ClientAccessLevels, AccessLevel{1, "Client Portfolio"}, AccessLevel{-1, ""})
		}, want{
			{"client_access_levels[4].code", "duplicate code 1"},
			{"client_access_levels[4].description", `duplicate description "Client Portfolio"`},
			{"client_access_levels[5].code", "must not be negative"},
			{"client_access_levels[5].description", "required"},
		}},
		{"login profile", func(f *Firm) {
			f.LoginProfiles = append(f.LoginProfiles, LoginProfile{Key: "standard", InactiveSessionTimeoutClient: 2000, InactiveSessionTimeout: 5})
		}, want{
			{"login_profiles[1].key", `duplicate login profile key "standard"`},
			{"login_profiles[1].name", "required"},
			{"login_profiles[1].inactive_session_timeout_client", "want minutes between 1 and 1440, got 2000"},
		}},
		{"capabilities", func(f *Firm) {
			f.Capabilities = append(f.Capabilities,
				CapabilityGrant{Role: "Client", Capability: "view_portfolio"},
				CapabilityGrant{Role: "ClientUser", Capability: "see_everything"},
				CapabilityGrant{Role: "User", Capability: "view_partner", Entity: "helen"},
				CapabilityGrant{Role: "ClientUser", Capability: "view_portfolio", Enabled: false})
		}, want{
			{"capabilities[5].role", `want one of ClientUser, User, got "Client"`},
			{"capabilities[6].capability", `want one of view_portfolio, view_marketdata, live_marketdata_access, view_partner, modelling_by_target_sets, got "see_everything"`},
			{"capabilities[7].entity", `no adviser has key "helen"`},
			{"capabilities[8]", "duplicate grant of view_portfolio to ClientUser"},
		}},
		{"feature toggle name", func(f *Firm) { f.FeatureToggles["Use Analysis"] = true },
			want{{"feature_toggles.Use Analysis", "a toggle name is lower case letters, digits and hyphens"}}},
		{"ufield choices", func(f *Firm) {
			f.UfieldChoices = append(f.UfieldChoices, UfieldChoice{Group: "client", Field: "risk_profile", Code: "3", Description: "Again"}, UfieldChoice{Group: "client"})
		}, want{
			{"ufield_choices[1].code", "duplicate choice client/risk_profile/3"},
			{"ufield_choices[2].field", "required"},
			{"ufield_choices[2].code", "required"},
			{"ufield_choices[2].description", "required"},
		}},

		// People.
		{"party keys are shared by advisers and clients", func(f *Firm) { f.Clients[2].Key = "ruth" }, want{
			{"clients[2].key", `duplicate key "ruth" (also advisers[0])`},
			{"capabilities[3].entity", `no client has key "liam"`},
			{"portfolios[2].owner", `no client has key "liam"`},
		}},
		{"names of an individual", func(f *Firm) { f.Clients[0].FirstName, f.Clients[0].EntityType = "", "Individual" },
			want{{"clients[0].first_name", "required"}}},
		{"a non-individual needs an entity name", func(f *Firm) { f.Clients[2].EntityType = "NonIndividual" },
			want{{"clients[2].entity_name", "required"}}},
		{"entity type", func(f *Firm) { f.Clients[2].EntityType = "Trust" },
			want{{"clients[2].entity_type", `want Individual or NonIndividual, got "Trust"`}}},
		{"dates of birth", func(f *Firm) { f.Clients[0].DOB, f.Clients[1].DOB = "09/03/1971", "1899-12-31" }, want{
			{"clients[0].dob", `want a date YYYY-MM-DD, got "09/03/1971"`},
			{"clients[1].dob", "before 1900"},
		}},
		{"party fields", func(f *Firm) {
			c := &f.Clients[0]
			c.PreferredEmail, c.Region, c.Locale, c.UserTimezone, c.PreferredCurrency = "helen at example", "UK", "EN_GB", "Europe/Londres", "Pounds"
			c.UKDomicileCountry, c.CreatedAt = "United Kingdom", "yesterday"
		}, want{
			{"clients[0].preferred_email", `not an email address: "helen at example"`},
			{"clients[0].region", `want GB, AU, CA, NZ, ZA, NA, AA, HK, SG, TH, MY, TW or ID, got "UK"`},
			{"clients[0].locale", `want a locale such as en-gb, got "EN_GB"`},
			{"clients[0].user_timezone", `unknown time zone "Europe/Londres"`},
			{"clients[0].preferred_currency", `want a three-letter currency code such as GBP, got "Pounds"`},
			{"clients[0].uk_domicile_country", `want a two-letter country code, got "United Kingdom"`},
			{"clients[0].created_at", `want YYYY-MM-DD or an RFC 3339 time, got "yesterday"`},
		}},
		{"addresses", func(f *Firm) {
			f.Clients[0].Addresses = append(f.Clients[0].Addresses,
				Address{Type: "home", Street: "7 Lemon Street", Postcode: "TR12LS", Country: "Britain", Preferred: true})
			f.Clients[2].Addresses[0].Street, f.Clients[2].Addresses[0].Postcode = "", "NSW 2088"
		}, want{
			{"clients[0].addresses[1].type", `want one of postal, residential, work, got "home"`},
			{"clients[0].addresses[1].country", `want a two-letter country code such as GB, got "Britain"`},
			{"clients[0].addresses[1].street_name", "required: a GB address needs block or street_name"},
			{"clients[0].addresses[1].street", "a GB address uses block, street_name and street_name_2, not street"},
			{"clients[0].addresses[1].postcode", `want a UK postcode such as BS8 4JY, got "TR12LS"`},
			{"clients[0].addresses[1].preferred", "more than one preferred address"},
			{"clients[2].addresses[0].street", "required"},
			{"clients[2].addresses[0].postcode", `want four digits, got "NSW 2088"`},
		}},
		{"an address abroad follows its country's rules", func(f *Firm) {
			f.Clients[0].Addresses = append(f.Clients[0].Addresses, Address{Type: "postal", Street: "1 Bay Street", Postcode: "M5R2E3", Country: "CA"})
		}, want{{"clients[0].addresses[1].postcode", `want a Canadian postal code such as M5R 2E3, got "M5R2E3"`}}},
		{"contacts", func(f *Firm) {
			f.Clients[0].Contacts = append(f.Clients[0].Contacts,
				Contact{Type: "p9", Value: "x"}, Contact{Type: "m2", Value: "not-an-email"}, Contact{Type: "p1", Value: "call me"},
				Contact{Type: "m2", Value: "helen@work.example", Preferred: true}, Contact{Type: "p1"})
		}, want{
			{"clients[0].contacts[2].type", `want one of p1, p2, p3, m1, m2, got "p9"`},
			{"clients[0].contacts[3].value", `not an email address (work email): "not-an-email"`},
			{"clients[0].contacts[4].value", `not a phone number (home phone): "call me"`},
			{"clients[0].contacts[5].preferred", "more than one preferred email address"},
			{"clients[0].contacts[6].value", "required"},
		}},
		{"logins", func(f *Firm) {
			f.Clients[1].Login = &Login{Username: "Helen.Trelawny", Password: "short", MFAMethod: "voice"}
			f.Clients[2].Login = &Login{Username: "liam murphy", Password: "LongEnough#1", PasswordHash: "$2a$04$x", LoginProfile: "gold"}
		}, want{
			{"clients[1].login.username", `duplicate username "Helen.Trelawny" (also clients[0].login)`},
			{"clients[1].login.password", "shorter than 8 characters"},
			{"clients[1].login.mfa_method", `want sms, email, token or nothing, got "voice"`},
			{"clients[2].login.username", "must not contain spaces"},
			{"clients[2].login", "give password or password_hash, not both"},
			{"clients[2].login.login_profile", `no login profile has key "gold"`},
		}},
		{"second factor needs a way to reach the client", func(f *Firm) {
			f.Clients[0].Login.MobilePhone = ""
			f.Clients[2].Login = &Login{Username: "liam", PasswordHash: "not-bcrypt", MFAMethod: "email", MobilePhone: "12"}
		}, want{
			{"clients[0].login.mobile_phone", "required when mfa_method is sms"},
			{"clients[2].login.password_hash", "not a bcrypt hash ($2a$, $2b$ or $2y$)"},
			{"clients[2].login.mobile_phone", `not a phone number: "12"`},
			{"clients[2].login.mfa_method", "email needs the party to have an email address"},
		}},
		{"an adviser's username ends with @client", func(f *Firm) { f.Advisers[0].Login.Username = "ruth" },
			want{{"advisers[0].login.username", `an adviser's username must end with @client (the Adviser tab of the login page appends it), got "ruth"`}}},
		{"client references", func(f *Firm) {
			f.Clients[0].Adviser, f.Clients[0].ClientAccessLevel = "", "Client Everything"
			f.Clients[2].Adviser, f.Clients[2].Partner = "helen", "liam"
		}, want{
			{"clients[0].adviser", "required"},
			{"clients[0].client_access_level", `want one of Not Assigned, Client Portfolio, Client Assets, Client Messages, got "Client Everything"`},
			{"clients[2].adviser", `no adviser has key "helen"`},
			{"clients[2].partner", "a client cannot be their own partner"},
		}},
		{"partners name each other", func(f *Firm) { f.Clients[2].Partner = "mark" }, want{
			{"clients[2].partner", `"mark" names "helen" as their partner, not "liam"`},
		}},
		{"unknown partner", func(f *Firm) { f.Clients[2].Partner = "nobody" }, want{{"clients[2].partner", `no client has key "nobody"`}}},

		// Households and portfolios.
		{"client groups", func(f *Firm) {
			f.ClientGroups = append(f.ClientGroups,
				ClientGroup{Key: "trelawny", Name: "Again", Members: []GroupMember{{Client: "liam"}, {Client: "liam"}, {Client: "zed"}}},
				ClientGroup{Key: "empty"})
		}, want{
			{"client_groups[1].key", `duplicate client group key "trelawny"`},
			{"client_groups[1].members[1].client", `"liam" is already a member`},
			{"client_groups[1].members[2].client", `no client has key "zed"`},
			{"client_groups[2].name", "required"},
			{"client_groups[2].members", "a group needs at least one member"},
		}},
		{"portfolio fields", func(f *Firm) {
			f.Portfolios = append(f.Portfolios, Portfolio{Key: "liam-own", Owner: "nobody", PType: "PT_FAMILY", ReportCurrency: "pounds"})
		}, want{
			{"portfolios[3].key", `duplicate portfolio key "liam-own"`},
			{"portfolios[3].owner", `no client has key "nobody"`},
			{"portfolios[3].portfolio_name", "required"},
			{"portfolios[3].ptype", `want one of PT_SINGLE, PT_JOINT, PT_SHARED, got "PT_FAMILY"`},
			{"portfolios[3].report_currency", `want a three-letter currency code such as GBP, got "pounds"`},
		}},
		{"parties of a joint portfolio", func(f *Firm) {
			f.Portfolios[1].Parties = []PortfolioParty{
				{Client: "helen", ReasonForVisibility: "primary_joint_owner"}, {Client: "liam", ReasonForVisibility: "primary_joint_owner"},
				{Client: "mark", ReasonForVisibility: "single_owner"}, {Client: "mark", ReasonForVisibility: "explicit_link"},
				{Client: "ghost", ReasonForVisibility: "because"},
			}
		}, want{
			{"portfolios[1].parties[3].client", `"mark" is already a party`},
			{"portfolios[1].parties[4].client", `no client has key "ghost"`},
			{"portfolios[1].parties[4].reason_for_visibility", `want one of single_owner, primary_joint_owner, secondary_joint_owner, shared_owner, explicit_link, got "because"`},
			{"portfolios[1].parties", "a PT_JOINT portfolio cannot have a single_owner"},
			{"portfolios[1].parties", "a PT_JOINT portfolio has one primary_joint_owner, not 2"},
			{"portfolios[1].parties", "a PT_JOINT portfolio needs a secondary_joint_owner"},
		}},
		{"the owner of a single portfolio is its single owner", func(f *Firm) {
			f.Portfolios[0].Parties = []PortfolioParty{{Client: "helen", ReasonForVisibility: "shared_owner"}}
		}, want{
			{"portfolios[0].parties", `the owner "helen" of a PT_SINGLE portfolio must be a party as single_owner`},
			{"portfolios[0].parties", "a PT_SINGLE portfolio cannot have a shared_owner"},
		}},
		{"a joint portfolio with only its owner", func(f *Firm) { f.Portfolios[1].Parties = nil }, want{
			{"portfolios[1].parties", "a PT_JOINT portfolio needs a secondary_joint_owner"},
			// Mark is no longer a party, so his link to the joint account has no ground.
			{"account_user_visibility_links[0].account", `"mark" is not a party of the portfolio of account "joint-gia"`},
		}},

		// Accounts and transactions.
		{"account fields", func(f *Firm) {
			f.Accounts = append(f.Accounts, Account{Key: "helen-isa", Portfolio: "nowhere", PlanCurrency: "$", ActiveDate: "2025-13-01"})
		}, want{
			{"accounts[4].key", `duplicate account key "helen-isa"`},
			{"accounts[4].portfolio", `no portfolio has key "nowhere"`},
			{"accounts[4].description", "required"},
			{"accounts[4].plan_currency", `want a three-letter currency code such as GBP, got "$"`},
			{"accounts[4].active_date", `want a date YYYY-MM-DD, got "2025-13-01"`},
		}},
		{"transaction dates", func(f *Firm) {
			tx := isa(f).Transactions
			tx[0].TradeDate = "2025-01-05"
			tx[3].TradeDate = ""
			tx[5].SettlementDate = "2025-01-16"
			tx[6].SettlementDate = "17 January"
		}, want{
			{"accounts[0].transactions[0].trade_date", "2025-01-05 is before the account's active_date 2025-01-06"},
			{"accounts[0].transactions[3].trade_date", "required"},
			{"accounts[0].transactions[5].settlement_date", "before the trade_date"},
			{"accounts[0].transactions[6].settlement_date", `want a date YYYY-MM-DD, got "17 January"`},
		}},
		{"transaction kinds and securities", func(f *Firm) {
			tx := isa(f).Transactions
			tx[0].Kind = "contribution"
			tx[1].Security = "NOPE"
			tx[2].Security = ""
			tx[5].Security = "TQGE"
		}, want{
			{"accounts[0].transactions[0].kind", `want one of buy, sell, deposit, withdrawal, income, fee, transfer_in, transfer_out, got "contribution"`},
			{"accounts[0].transactions[1].security", `no security has code "NOPE"`},
			{"accounts[0].transactions[2].security", "required for a buy"},
			{"accounts[0].transactions[5].security", `a fee moves cash: name a cash security or none, not "TQGE"`},
			// Without its buy, the sale of TQGE exceeds what the account holds.
			{"accounts[0].transactions[4].volume", "sell of 1000 TQGE on 2025-01-16 exceeds the 0 held"},
		}},
		{"trades need units and a price", func(f *Firm) {
			tx := isa(f).Transactions
			tx[1].Volume = 0
			tx[4].PricePerUnit, tx[4].Fee = 0, 0
			tx[2].Fee = -5
		}, want{
			{"accounts[0].transactions[1].volume", "required for a buy: the number of units"},
			{"accounts[0].transactions[2].fee", "must not be negative"},
			{"accounts[0].transactions[4].price_per_unit", "required for a sell (or give gross_amount)"},
			// A buy of no units leaves nothing to sell.
			{"accounts[0].transactions[4].volume", "sell of 1000 TQGE on 2025-01-16 exceeds the 0 held"},
		}},
		{"amounts must agree", func(f *Firm) {
			tx := isa(f).Transactions
			tx[1].GrossAmount = 5200               // 4000 × 1.25 is 5000
			tx[2].NetAmount = 3750                 // a buy pays gross + fee + tax: 3755
			tx[3].Tax, tx[3].NetAmount = 2.5, 12.5 // income receives gross − tax: 10
			tx[6].NetAmount = 0                    // a withdrawal of nothing
			tx[4].Fee = 2000                       // more than the sale raised
		}, want{
			{"accounts[0].transactions[1].gross_amount", "differs from volume × price_per_unit (5,000.00)"},
			{"accounts[0].transactions[2].net_amount", "want gross_amount + fee + tax (3,755.00)"},
			{"accounts[0].transactions[3].net_amount", "want gross_amount − fee − tax (10.00)"},
			{"accounts[0].transactions[4].net_amount", "the fee and tax exceed the gross amount"},
			{"accounts[0].transactions[6].net_amount", "required: give net_amount or gross_amount"},
		}},
		{"a sell never exceeds what is held, in date order", func(f *Firm) {
			tx := isa(f).Transactions
			tx[4].TradeDate = "2025-01-06" // now before the buy of 2025-01-07
			tx[4].Volume = 1000
		}, want{{"accounts[0].transactions[4].volume", "sell of 1000 TQGE on 2025-01-06 exceeds the 0 held"}}},
		{"a transfer out in specie counts against the holding", func(f *Firm) {
			a := &f.Accounts[2]
			a.Transactions = append(a.Transactions, Transaction{Kind: "transfer_out", Security: "TQUS", TradeDate: "2025-01-15", Volume: 50.5, PricePerUnit: 45})
		}, want{{"accounts[2].transactions[2].volume", "transfer_out of 50.5 TQUS on 2025-01-15 exceeds the 50 held"}}},
		{"each part of a holding is sold on its own", func(f *Firm) {
			tx := isa(f).Transactions
			tx[1].SubPosition = "lot-1" // the 4,000 TQGE bought: part lot-1, none in the main part
		}, want{{"accounts[0].transactions[4].volume", `sell of 1000 TQGE (main part) on 2025-01-16 exceeds the 0 held`}}},
		{"only a security's trades and income name a part", func(f *Firm) {
			tx := isa(f).Transactions
			tx[0].SubPosition = "lot-1"                             // a deposit
			tx[3].SubPosition = strings.Repeat("x", 41)             // income of TQBD, too long a name
			tx[4].SubPosition, tx[1].SubPosition = "lot-1", "lot-1" // fine: bought and sold in lot-1
		}, want{
			{"accounts[0].transactions[0].sub_position", "only a trade or the income of a security (not cash) belongs to a part of a holding"},
			{"accounts[0].transactions[3].sub_position", "at most 40 characters"},
		}},
		{"a transfer of units needs a volume", func(f *Firm) { f.Accounts[2].Transactions[0].Volume = 0 },
			want{{"accounts[2].transactions[0].volume", "required for a transfer of TQUS: the number of units"}}},
		{"native currency", func(f *Firm) {
			tx := isa(f).Transactions
			tx[1].NativeCurrency = "USD"
			tx[0].NativeCurrency = "sterling"
		}, want{
			{"accounts[0].transactions[0].native_currency", `want a three-letter currency code such as GBP, got "sterling"`},
			{"accounts[0].transactions[1].native_currency", "a buy of TQGE is in its currency GBP, not USD"},
		}},

		// Groups and visibility.
		{"account groups", func(f *Firm) {
			f.AccountGroups = append(f.AccountGroups,
				AccountGroup{Client: "helen", GroupCode: "FAM", GroupName: "Again", Accounts: []string{"liam-invest", "helen-isa", "helen-isa", "nope"}},
				AccountGroup{Client: "ghost"})
		}, want{
			{"account_groups[1].group_code", `"helen" already has a group "FAM"`},
			{"account_groups[1].accounts[0]", `"helen" is not a party of the portfolio of account "liam-invest"`},
			{"account_groups[1].accounts[2]", `"helen-isa" is already in the group`},
			{"account_groups[1].accounts[3]", `no account has key "nope"`},
			{"account_groups[2].client", `no client has key "ghost"`},
			{"account_groups[2].group_code", "required"},
			{"account_groups[2].group_name", "required"},
			{"account_groups[2].accounts", "a group needs at least one account"},
		}},
		{"visibility links", func(f *Firm) {
			f.AccountVisibility = append(f.AccountVisibility,
				AccountVisibility{Client: "mark", Account: "joint-gia"}, AccountVisibility{Client: "liam", Account: "helen-isa"})
		}, want{
			{"account_user_visibility_links[1]", `duplicate link of "mark" to "joint-gia"`},
			{"account_user_visibility_links[2].account", `"liam" is not a party of the portfolio of account "helen-isa"`},
		}},

		// Market data.
		{"securities", func(f *Firm) {
			f.Securities = append(f.Securities, Security{Code: "tqge", ISIN: "GB00TQ123450", AnnualIncomePerUnit: -1,
				Allocations: []Allocation{{"asset_class", "Equity", 0.5}, {"asset_class", "Equity", 0.2}, {"colour", "Blue", 1}, {"region", "UK", 1.5}}})
		}, want{
			{"securities[6].code", `duplicate security code "tqge" (also securities[2])`},
			{"securities[6].description", "required"},
			{"securities[6].currency", "required"},
			{"securities[6].isin", `not a valid ISIN (two letters, nine letters or digits, a check digit): "GB00TQ123450"`},
			{"securities[6].annual_income_per_unit", "must not be negative"},
			{"securities[6].allocations[1].code", `duplicate asset_class "Equity"`},
			{"securities[6].allocations[2].kind", `want one of asset_class, sector, region, got "colour"`},
			{"securities[6].allocations[3].weight", "want a fraction above 0 and at most 1, got 1.5"},
			{"securities[6].allocations", "the asset_class weights add up to 0.7000, not 1"},
			{"securities[6].allocations", "the region weights add up to 1.5000, not 1"},
		}},
		{"prices", func(f *Firm) {
			f.Prices = append(f.Prices,
				PriceSeries{Security: "TQGE", Series: Series{Start: "2025-01-11", Closes: []float64{1, 0}}},
				PriceSeries{Security: "GHOST", Series: Series{Points: []Point{{Date: "2025-01-06", Value: 1}, {malformed: true}, {Date: "2025-01-03", Value: -2}}}},
				PriceSeries{Security: "TQBD", Series: Series{Start: "2025-01-06", Closes: []float64{1}, Points: []Point{{Date: "2025-01-06", Value: 1}}}},
				PriceSeries{Security: "TQAU"},
				PriceSeries{Security: "CASH.USD", Series: Series{Closes: []float64{1}}})
		}, want{
			{"prices[6].security", `a second price series for "TQGE"`},
			{"prices[6].start", "2025-01-11 is a Saturday: closes start on a business day"},
			{"prices[6].closes[1]", "a price must be positive, got 0"},
			{"prices[7].security", `no security has code "GHOST"`},
			{"prices[7].points[1]", `want ["YYYY-MM-DD", number]`},
			{"prices[7].points[2]", "2025-01-03 is not after the point before (2025-01-06): points go in date order, one per date"},
			{"prices[7].points[2]", "a price must be positive, got -2"},
			{"prices[8].security", `a second price series for "TQBD"`},
			{"prices[8]", "give start and closes, or points, not both"},
			{"prices[9].security", `a second price series for "TQAU"`},
			{"prices[9]", "no values: give start and closes, or points"},
			{"prices[10].security", `a second price series for "CASH.USD"`},
			{"prices[10].start", "required"},
		}},
		{"fx rates", func(f *Firm) {
			f.FXRates = append(f.FXRates,
				FXSeries{Base: "GBP", Quote: "GBP", Series: Series{Points: []Point{{Date: "2025-01-06", Value: 1}}}},
				FXSeries{Base: "GBP", Quote: "USD", Series: Series{Points: []Point{{Date: "2025-01-06", Value: 1.25}}}},
				FXSeries{Base: "Sterling", Quote: "EUR", Series: Series{Points: []Point{{Date: "2025-01-06", Value: 1.2}}}})
		}, want{
			{"fx_rates[2].quote", "the same currency as base"},
			{"fx_rates[3]", "a second series for GBP/USD"},
			{"fx_rates[4].base", `want a three-letter currency code such as GBP, got "Sterling"`},
		}},
		{"benchmarks", func(f *Firm) {
			f.Benchmarks = append(f.Benchmarks, Benchmark{Name: "Tamar Balanced Composite", Currency: "GBP", Series: Series{Points: []Point{{Date: "2025-01-06", Value: 100}}}}, Benchmark{})
		}, want{
			{"benchmarks[1].name", `duplicate benchmark "Tamar Balanced Composite"`},
			{"benchmarks[2].name", "required"},
			{"benchmarks[2].currency", "required"},
			{"benchmarks[2]", "no values: give start and closes, or points"},
		}},
		{"every currency in use needs rates against the base", func(f *Firm) { f.FXRates = f.FXRates[:1] }, want{
			{"clients[2]", "no fx_rates between AUD and GBP (the firm's base currency)"},
		}},
		{"rates in either direction will do", func(f *Firm) {
			f.FXRates[1].Base, f.FXRates[1].Quote = "AUD", "GBP"
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := smallFirm(t)
			tc.change(&f)
			got := Validate(f)
			if !reflect.DeepEqual(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("problems:\n%s\nwant:\n%s", lines(got), lines(tc.want))
			}
		})
	}
}

func lines(ps []Problem) string {
	s := ""
	for _, p := range ps {
		s += "  " + p.String() + "\n"
	}
	return s
}

func TestISINCheckDigit(t *testing.T) {
	for _, tc := range []struct {
		isin string
		ok   bool
	}{
		{"US0378331005", true}, // a published ISIN
		{"GB0002634946", true}, // another
		{"US0378331006", false},
		{"GB00TQ123451", true},
		{"GB00TQ12345", false},
		{"gb00tq123451", false},
	} {
		if got := validISIN(tc.isin); got != tc.ok {
			t.Errorf("validISIN(%q) = %v, want %v", tc.isin, got, tc.ok)
		}
	}
	if got := ISIN("GB", "any name"); !validISIN(got) || got[:4] != "GB00" {
		t.Errorf("ISIN built %q", got)
	}
}
