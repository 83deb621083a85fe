package demo

import (
	"fmt"

	"wealthportal/backend/internal/firmdata"
)

// StepLogins are the demo logins that show the additional login steps and second-factor
// enrolment (spec 1 §4). Each is a small client of Oliver Bennett's with one account.
var StepLogins = []Login{
	{"demo.terms", "Client", "DemoTerms#2026", "client, must agree to the site terms at login"},
	{"demo.questions", "Client", "DemoQuestions#2026", "client, must set security questions at login"},
	{"demo.newpass", "Client", "DemoNewpass#2026", "client, must change password at login"},
	{"demo.steps", "Client", "DemoSteps#2026", "client, all three login steps: site terms, security questions, new password"},
	{"demo.enrol", "Client", "DemoEnrol#2026", "client, second factor required, no device yet: enrols one at login (codes in the server log)"},
	{"demo.token", "Client", "DemoToken#2026", "client, authenticator-app code (TOTP secret " + TokenSecret + ")"},
}

// TokenSecret is demo.token's authenticator-app secret (base32, RFC 6238 defaults: SHA-1, six
// digits, 30 seconds). Add it to an authenticator app by hand to log in as demo.token.
const TokenSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"

// SiteTerms are the demo firm's site terms.
var SiteTerms = firmdata.SiteTerms{
	Heading: "Terms of use",
	Disclaimer: "<p>Harbour &amp; Vale Online shows information about your investments held with or reported to " +
		"Harbour &amp; Vale Wealth Management. Valuations are indicative and may differ from your product " +
		"providers' statements.</p><p>Keep your login details private. By selecting Agree and Continue you " +
		"confirm that you have read and accept these terms of use and our privacy notice.</p>",
}

// person is a small demo client of Oliver Bennett's with one ISA, behind one demo login.
type person struct {
	key, title, first, last, dob, street, town, postcode, mobile string
	login                                                        func(*firmdata.Login)
}

// stepClients adds the clients behind StepLogins and HelpLogins, after every other client, so
// the other parties keep their ids.
func (b *builder) stepClients() {
	b.f.Firm.SiteTerms = &SiteTerms
	steps := []person{
		{"samuel", "Mr", "Samuel", "Okafor", "1975-08-30", "22 Hampton Road", "Redland, Bristol", "BS6 6HL", "+44 7700 900611",
			func(l *firmdata.Login) { l.SiteTermsPending = true }},
		{"grace", "Mrs", "Grace", "Liddell", "1958-01-19", "3 Kingsdown Parade", "Kingsdown, Bristol", "BS6 5UD", "+44 7700 900612",
			func(l *firmdata.Login) { l.SetSecurityQuestions = true }},
		{"harriet", "Ms", "Harriet", "Cole", "1988-05-07", "71 North Road", "Bishopston, Bristol", "BS6 5AQ", "+44 7700 900613",
			func(l *firmdata.Login) { l.ForceChangePassword = true }},
		{"daniel", "Mr", "Daniel", "Reyes", "1981-10-14", "12 Cotham Brow", "Cotham, Bristol", "BS6 6AR", "+44 7700 900614",
			func(l *firmdata.Login) {
				l.SiteTermsPending, l.SetSecurityQuestions, l.ForceChangePassword = true, true, true
			}},
		{"fiona", "Miss", "Fiona", "MacLeod", "1992-03-03", "8 Whiteladies Road", "Clifton, Bristol", "BS8 1PD", "+44 7700 900615",
			func(l *firmdata.Login) { l.MFARequired = true }},
		{"marcus", "Mr", "Marcus", "Chen", "1979-07-26", "40 Gloucester Road", "Bishopston, Bristol", "BS7 8AS", "+44 7700 900616",
			func(l *firmdata.Login) { l.MFAMethod, l.TOTPSecret = "token", TokenSecret }},
	}
	b.smallClients(StepLogins, steps, 0)
	b.helpClients(len(steps))
}

// smallClients adds one person per login (in the same order); first numbers their external ids
// after the small clients already added.
func (b *builder) smallClients(logins []Login, people []person, first int) {
	for n, p := range people {
		i := first + n
		email := fmt.Sprintf("%s.%s@example.co.uk", ascii(p.first), ascii(p.last))
		c := firmdata.Client{
			Party: firmdata.Party{
				Key: p.key, Title: p.title, FirstName: p.first, LastName: p.last, DOB: p.dob, PreferredEmail: email,
				Region: "GB", ExternalID: fmt.Sprintf("HV-0002%02d", i+1), CreatedAt: "2025-06-02",
				Addresses: []firmdata.Address{gbHome(p.street, p.town, p.postcode)},
				Contacts: []firmdata.Contact{
					{Type: "m1", Value: email, Preferred: true},
					{Type: "p3", Value: p.mobile, CountryCode: "44", Preferred: true},
				},
				Login: b.login(logins[n].Typed),
			},
			Adviser: "oliver", ClientAccessLevel: "Client Portfolio", FactFindStatus: "Complete",
		}
		if p.login != nil {
			p.login(c.Login)
		}
		b.f.Clients = append(b.f.Clients, c)
		b.f.Portfolios = append(b.f.Portfolios, firmdata.Portfolio{Key: p.key, Owner: p.key, PortfolioName: p.first + " " + p.last,
			PType: "PT_SINGLE", ReportCurrency: "GBP"})
		b.account(firmdata.Account{Key: p.key + "-isa", Portfolio: p.key, Description: "Stocks & Shares ISA", TaxStructure: "ISA",
			Product: "Harbour & Vale ISA", ExternalAccountID: fmt.Sprintf("HV100002%02d", i+1), TaxType: "ISA",
			TaxTypeTitle: "Individual Savings Account", ServiceType: "Managed", VendorID: "harbour-wrap"},
			firmdata.AccountPlan{Start: day(2024, 6, 10), Opening: 12000 + 1500*float64(i), Regular: 200, Every: 1, BuysPerTopUp: 1,
				Model: model("HVGEA", 0.55, "SVCBI", 0.3, "BVWLD", 0.12), FeeRate: 0.0045, IncomeEvery: 6})
	}
}
