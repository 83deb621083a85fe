package demo

// assetsAUKey marks the Australian client's assets as written (seedAssets).
const assetsAUKey = "demo_assets_au"

// catherineID is the external id given to Catherine Sinclair of Cottesloe, Western Australia,
// a client of Oliver Bennett's book (book.go draws her), so that her assets can be kept for her.
const catherineID = "HV-000210"

// nameAustralianClient gives the book's Catherine Sinclair (region AU) her external id. The book
// is deterministic, so she is always there; should the draws ever change, her assets are skipped
// (seedAssetSet) and the demo test that looks for them fails.
func (b *builder) nameAustralianClient() {
	for i := range b.f.Clients {
		c := &b.f.Clients[i]
		if c.FirstName == "Catherine" && c.LastName == "Sinclair" && c.Region == "AU" && c.ExternalID == "" {
			c.ExternalID = catherineID
			return
		}
	}
}

// demoAssetsAU are Catherine Sinclair's assets and liabilities, in Australian dollars: the
// balance sheet of a non-GB client, with the regional field sets of spec 3 §3.5 (AU records a
// supplier_string, no contributions, no crystallised funds, no annuity valuation date) and the
// regional filter of spec 3 §5 (an AU pension keeps blank, Paid Up or Premium Holiday, so her
// "Active" account-based pension is left out, as is a Matured term deposit). Totals by hand:
//
//	Managed     Investments 126,480.35 (Macquarie Wrap)   Pensions 412,830.60 (AustralianSuper)
//	            Annuities 150,000.00 (Challenger)         Liabilities 612,500.00 (investment loan)
//	Everything  Investments 84,612.40 + 126,480.35 + 1,450,000.00 = 1,661,092.75 (3)
//	            Pensions 412,830.60 + 38,214.75 = 451,045.35 (2)
//	            Annuities 150,000.00 (1)   Liabilities 612,500.00 + 4,318.22 = 616,818.22 (2)
//
// The investment property and its loan are half hers (the other half is her sister's, who is not
// a client of the firm): value owned 725,000.00, 50.00 %.
var demoAssetsAU = []demoAsset{
	{client: catherineID, list: "asset", description: "CommSec share portfolio", typ: "Direct Shares", typeDescription: "Listed Australian shares",
		policy: "CS-4471-2093", provider: "CommSec", status: "Existing", owner: "Client", currency: "AUD", amount: 84612.40, valuationDate: "2026-10-31"},
	{client: catherineID, list: "asset", description: "Macquarie Wrap investment account", typ: "Managed Investment", typeDescription: "Investment platform",
		policy: "MQW-2208817", provider: "Macquarie", status: "Existing", owner: "Client", currency: "AUD", amount: 126480.35, valuationDate: "2026-10-31",
		underAdvice: true},
	{client: catherineID, list: "asset", description: "Investment property, 22 Eric Street, Cottesloe", typ: "Property", typeDescription: "Residential investment property",
		status: "Existing", owner: "Joint", currency: "AUD", amount: 1450000, valuationDate: "2026-06-30", owners: []demoOwner{{catherineID, 50}}},
	{client: catherineID, list: "asset", description: "Westpac term deposit", typ: "Term Deposit", typeDescription: "Term deposit",
		policy: "WBC-TD-558102", provider: "Westpac", status: "Matured", owner: "Client", currency: "AUD", amount: 50000, valuationDate: "2026-03-31"},
	{client: catherineID, list: "fund_za", description: "AustralianSuper Balanced option", typ: "Superannuation", policy: "AS-77410923",
		provider: "AustralianSuper", owner: "Client", currency: "AUD", amount: 412830.60, valuationDate: "2026-09-30", underAdvice: true},
	{client: catherineID, list: "fund_za", description: "Hostplus Indexed Balanced", typ: "Superannuation", policy: "HP-1193357",
		provider: "Hostplus", status: "Paid Up", owner: "Client", currency: "AUD", amount: 38214.75, valuationDate: "2026-06-30"},
	{client: catherineID, list: "fund_za", description: "Colonial First State account-based pension", typ: "Account-based pension", policy: "CFS-ABP-801447",
		provider: "Colonial First State", status: "Active", owner: "Client", currency: "AUD", amount: 95000, valuationDate: "2026-09-30", underAdvice: true},
	{client: catherineID, list: "annuity", description: "Challenger lifetime annuity", typ: "Lifetime", policy: "CH-LA-300291", provider: "Challenger",
		status: "Inforce", owner: "Client", currency: "AUD", amount: 150000, valuationDate: "2026-10-01", income: pounds(9150), incomeRate: pounds(6.1),
		frequency: "Monthly", underAdvice: true},
	{client: catherineID, list: "liability", description: "Investment loan, 22 Eric Street", typ: "Interest-only loan", policy: "CBA-IL-6620193",
		provider: "Commonwealth Bank", status: "Current", owner: "Joint", currency: "AUD", amount: 612500, valuationDate: "2026-11-01", rate: pounds(6.29),
		underAdvice: true, owners: []demoOwner{{catherineID, 50}}},
	{client: catherineID, list: "liability", description: "Credit card", typ: "Credit card", policy: "ANZ-CC-4410", provider: "ANZ",
		status: "Current", owner: "Client", currency: "AUD", amount: 4318.22, valuationDate: "2026-11-01", rate: pounds(20.99)},
}
