package demo

import (
	"context"
	"database/sql"

	"wealthportal/backend/internal/store"
)

// assetsKey is the meta row that records that the demo's assets were written, so they are
// written once, also into a store seeded before the asset tables existed (migration 0022).
const assetsKey = "demo_assets"

// demoOwner is an owner of a demo asset by the client's external id, with its share in percent.
type demoOwner struct {
	client     string
	percentage float64
}

// demoAsset is one record of a client's asset lists (package assets). Values are in pounds
// unless currency names another.
type demoAsset struct {
	client                   string // the external id of the client it is kept for
	list, description        string
	typ, typeDescription     string
	policy, provider, status string
	owner                    string
	currency                 string // the record's currency; GBP when empty
	amount                   float64
	valuationDate            string
	contributions            *float64
	crystallised, uncrystal  *float64
	income, incomeRate       *float64
	frequency                string
	rate                     *float64
	sippWrapper, underAdvice bool
	owners                   []demoOwner
}

// pounds is an optional amount.
func pounds(v float64) *float64 { return &v }

// The demo clients' external ids.
const (
	eleanorID = "HV-000101"
	jamesID   = "HV-000102"
	priyaID   = "HV-000140"
)

// demoAssets are the demo households' assets and liabilities, a realistic UK mix with the cases
// spec 3 §5's filters keep and drop:
//
// Priya Raman (demo.assets, Assets access) has managed (under advice) an investment bond, a paid-up
// bond, her workplace pension, a fixed-term annuity and her buy-to-let mortgage; not managed
// an ISA held with Vanguard, Premium Bonds, half of a buy-to-let flat (the other half is her
// brother's, who is not a client) and a car loan. Dropped by the filters: a Surrendered bond, a
// SIPP wrapper and a Redeemed personal loan. Her managed-assets panel therefore shows
//
//	Investments 42,615.80 + 18,250.40 = 60,866.20   Pensions 96,430.55
//	Annuities 12,000.00                              Liabilities 148,500.00
//	top 3: workplace pension 96,430.55, investment bond 42,615.80, paid-up bond 18,250.40.
//
// Eleanor Whitfield (demo.client) and her husband James hold the same kinds, with a buy-to-let
// flat 60/40 and the family home's mortgage 50/50 between them. Eleanor also owns an apartment
// in France, valued in euros and not under advice: her balance sheet is multi-currency.
var demoAssets = []demoAsset{
	// Priya Raman.
	{client: priyaID, list: "asset", description: "Prudential Onshore Investment Bond", typ: "Investment Bond", typeDescription: "Onshore investment bond",
		policy: "PRU-OB-558201", provider: "Prudential", status: "Existing", owner: "Client", amount: 42615.80, valuationDate: "2026-10-31",
		contributions: pounds(40000), underAdvice: true},
	{client: priyaID, list: "asset", description: "Stocks & Shares ISA held with Vanguard", typ: "ISA", typeDescription: "Individual Savings Account",
		policy: "VG-ISA-10932", provider: "Vanguard", status: "Existing", owner: "Client", amount: 27940.12, valuationDate: "2026-10-31",
		contributions: pounds(24000)},
	{client: priyaID, list: "asset", description: "NS&I Premium Bonds", typ: "Premium Bonds", typeDescription: "Premium Bonds",
		policy: "PB-5512-0049", provider: "NS&I", owner: "Client", amount: 25000, valuationDate: "2026-11-01"},
	{client: priyaID, list: "asset", description: "Buy-to-let flat, 3 Iffley Road, Oxford", typ: "Property", typeDescription: "Residential property",
		status: "Existing", owner: "Joint", amount: 310000, valuationDate: "2026-06-30", owners: []demoOwner{{priyaID, 50}}},
	{client: priyaID, list: "asset", description: "Aviva Onshore Bond", typ: "Investment Bond", typeDescription: "Onshore investment bond",
		policy: "AV-OB-20431", provider: "Aviva", status: "Surrendered", owner: "Client", amount: 8500, valuationDate: "2025-03-14", underAdvice: true},
	{client: priyaID, list: "asset", description: "Royal London Investment Bond", typ: "Investment Bond", typeDescription: "Onshore investment bond",
		policy: "RL-IB-77120", provider: "Royal London", status: "Paid Up", owner: "Client", amount: 18250.40, valuationDate: "2026-09-30",
		contributions: pounds(15000), underAdvice: true},
	{client: priyaID, list: "fund_za", description: "USS workplace pension", typ: "Occupational Money Purchase", policy: "USS-4471902",
		provider: "Universities Superannuation Scheme", status: "Active", owner: "Client", amount: 96430.55, valuationDate: "2026-10-31",
		contributions: pounds(61200), crystallised: pounds(0), uncrystal: pounds(96430.55), underAdvice: true},
	{client: priyaID, list: "fund_za", description: "Harbour & Vale SIPP", typ: "SIPP", policy: "HV-SIPP-0140", provider: "Harbour & Vale",
		status: "Active", owner: "Client", amount: 64210, valuationDate: "2026-10-31", contributions: pounds(50000), crystallised: pounds(0), uncrystal: pounds(64210),
		sippWrapper: true, underAdvice: true},
	{client: priyaID, list: "fund_za", description: "Aviva personal pension", typ: "Personal Pension", policy: "AV-PP-339018", provider: "Aviva",
		status: "Paid Up", owner: "Client", amount: 21775.30, valuationDate: "2026-08-31", contributions: pounds(18000), crystallised: pounds(0), uncrystal: pounds(21775.30)},
	{client: priyaID, list: "annuity", description: "Canada Life fixed-term annuity", typ: "Fixed Term", policy: "CL-FTA-88213", provider: "Canada Life",
		status: "Inforce", owner: "Client", amount: 12000, valuationDate: "2026-10-01", income: pounds(1800), incomeRate: pounds(15), frequency: "Yearly", underAdvice: true},
	{client: priyaID, list: "liability", description: "Buy-to-let mortgage, 3 Iffley Road", typ: "Interest-only mortgage", policy: "BM-2290187",
		provider: "The Mortgage Works", status: "Current", owner: "Joint", amount: 148500, valuationDate: "2026-11-01", rate: pounds(4.79),
		underAdvice: true, owners: []demoOwner{{priyaID, 50}}},
	{client: priyaID, list: "liability", description: "Car loan", typ: "Personal loan", policy: "SC-7781204", provider: "Santander Consumer Finance",
		status: "Current", owner: "Client", amount: 9860.42, valuationDate: "2026-11-01", rate: pounds(7.9)},
	{client: priyaID, list: "liability", description: "Tesco Bank personal loan", typ: "Personal loan", policy: "TB-PL-11873", provider: "Tesco Bank",
		status: "Redeemed", owner: "Client", amount: 4200, valuationDate: "2024-07-31", rate: pounds(8.4)},

	// Eleanor and James Whitfield.
	{client: eleanorID, list: "asset", description: "Stocks & Shares ISA held with Hargreaves Lansdown", typ: "ISA", typeDescription: "Individual Savings Account",
		policy: "HL-ISA-220871", provider: "Hargreaves Lansdown", status: "Existing", owner: "Client", amount: 48250, valuationDate: "2026-10-31", contributions: pounds(40000)},
	{client: eleanorID, list: "asset", description: "NS&I Premium Bonds", typ: "Premium Bonds", typeDescription: "Premium Bonds",
		policy: "PB-3108-7723", provider: "NS&I", owner: "Client", amount: 50000, valuationDate: "2026-11-01"},
	{client: eleanorID, list: "asset", description: "Buy-to-let flat, 7 Cathedral Walk, Bristol", typ: "Property", typeDescription: "Residential property",
		status: "Existing", owner: "Joint", amount: 285000, valuationDate: "2026-05-31", owners: []demoOwner{{eleanorID, 60}, {jamesID, 40}}},
	{client: eleanorID, list: "asset", description: "Prudential International Investment Bond", typ: "Investment Bond", typeDescription: "Offshore investment bond",
		policy: "PRU-IIB-104455", provider: "Prudential International", status: "Existing", owner: "Client", amount: 65300, valuationDate: "2026-10-31",
		contributions: pounds(60000), underAdvice: true},
	{client: eleanorID, list: "asset", description: "Aviva Onshore Bond", typ: "Investment Bond", typeDescription: "Onshore investment bond",
		policy: "AV-OB-18820", provider: "Aviva", status: "Surrendered", owner: "Client", amount: 12400, valuationDate: "2024-02-29", underAdvice: true},
	{client: eleanorID, list: "asset", description: "Apartment, 12 Avenue de la Gare, Antibes", typ: "Property", typeDescription: "Overseas property",
		status: "Existing", owner: "Client", currency: "EUR", amount: 240000, valuationDate: "2026-06-30"},
	{client: eleanorID, list: "fund_za", description: "Airbus UK workplace pension", typ: "Occupational Money Purchase", policy: "AIR-DC-5530917",
		provider: "Aviva", status: "Active", owner: "Client", amount: 182400, valuationDate: "2026-10-31", contributions: pounds(96000),
		crystallised: pounds(0), uncrystal: pounds(182400), underAdvice: true},
	{client: eleanorID, list: "fund_za", description: "Harbour & Vale SIPP wrapper", typ: "SIPP", policy: "HV-SIPP-0101", provider: "Harbour & Vale",
		status: "Active", owner: "Client", amount: 412000, valuationDate: "2026-10-31", contributions: pounds(300000), crystallised: pounds(0), uncrystal: pounds(412000),
		sippWrapper: true, underAdvice: true},
	{client: eleanorID, list: "annuity", description: "Legal & General lifetime annuity", typ: "Lifetime", policy: "LG-LA-4410293", provider: "Legal & General",
		status: "Inforce", owner: "Client", amount: 36000, valuationDate: "2026-09-30", income: pounds(2400), incomeRate: pounds(6.67), frequency: "Monthly", underAdvice: true},
	{client: eleanorID, list: "liability", description: "Mortgage, 14 Royal York Crescent", typ: "Repayment mortgage", policy: "NW-MG-8812034",
		provider: "Nationwide", status: "Current", owner: "Joint", amount: 212500, valuationDate: "2026-11-01", rate: pounds(4.19), underAdvice: true,
		owners: []demoOwner{{eleanorID, 50}, {jamesID, 50}}},
	{client: eleanorID, list: "liability", description: "Car loan", typ: "Personal loan", policy: "BC-CL-301177", provider: "Barclays",
		status: "Current", owner: "Client", amount: 14350, valuationDate: "2026-11-01", rate: pounds(6.4)},
	{client: eleanorID, list: "liability", description: "Home improvement loan", typ: "Personal loan", policy: "HSBC-PL-77120", provider: "HSBC",
		status: "Redeemed", owner: "Client", amount: 6000, valuationDate: "2023-09-30", rate: pounds(7.1)},
	{client: jamesID, list: "fund_za", description: "BAE Systems workplace pension", typ: "Occupational Money Purchase", policy: "BAE-DC-2201893",
		provider: "Legal & General", status: "Active", owner: "Client", amount: 241800, valuationDate: "2026-10-31", contributions: pounds(130000),
		crystallised: pounds(0), uncrystal: pounds(241800), underAdvice: true},
}

// seedAssets writes the demo's assets once: the UK households' (demoAssets), then the Australian
// client's (demoAssetsAU, added later under a meta mark of its own, so a store seeded before
// gets them too when it holds the client).
func seedAssets(ctx context.Context, db *store.DB) error {
	if err := seedAssetSet(ctx, db, assetsKey, demoAssets); err != nil {
		return err
	}
	return seedAssetSet(ctx, db, assetsAUKey, demoAssetsAU)
}

// seedAssetSet writes a set of assets once, in one transaction with its meta mark. A client the
// store does not hold (a demo firm of an older seed) is skipped.
func seedAssetSet(ctx context.Context, db *store.DB, key string, set []demoAsset) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		var done int
		if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM meta WHERE key = ?`), key).Scan(&done); err != nil || done > 0 {
			return err
		}
		ids := map[string]int64{}
		entity := func(external string) (int64, bool, error) {
			if id, ok := ids[external]; ok {
				return id, true, nil
			}
			var id int64
			err := tx.QueryRowContext(ctx, db.Rebind(`SELECT id FROM entity WHERE external_id = ? AND entity_kind = 'client' ORDER BY id LIMIT 1`), external).Scan(&id)
			if err == sql.ErrNoRows {
				return 0, false, nil
			}
			ids[external] = id
			return id, err == nil, err
		}
		for _, a := range set {
			client, ok, err := entity(a.client)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			var id int64
			if err := tx.QueryRowContext(ctx, db.Rebind(`INSERT INTO client_asset (entity_id, list_name, description, type, type_description,
				policy_number, provider, status, owner, currency, amount, market_value, valuation_date, contribution_total, withdrawal_total,
				crystallised_fund, uncrystallised_fund, income_value, income_rate, frequency, rate, is_sipp_wrapper, nbr_under_advice, login_accessible)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) RETURNING id`),
				client, a.list, a.description, a.typ, a.typeDescription, a.policy, a.provider, a.status, a.owner, currencyOf(a), a.amount,
				marketValue(a), a.valuationDate, a.contributions, withdrawals(a), a.crystallised, a.uncrystal, a.income, a.incomeRate,
				a.frequency, a.rate, boolInt(a.sippWrapper), boolInt(a.underAdvice)).Scan(&id); err != nil {
				return err
			}
			for _, o := range a.owners {
				owner, ok, err := entity(o.client)
				if err != nil || !ok {
					return err
				}
				if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO client_asset_owner (asset_id, entity_id, percentage) VALUES (?, ?, ?)`),
					id, owner, o.percentage); err != nil {
					return err
				}
			}
		}
		_, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO meta (key, value) VALUES (?, '1')`), key)
		return err
	})
}

// currencyOf is the record's currency: GBP unless it names another.
func currencyOf(a demoAsset) string {
	if a.currency == "" {
		return "GBP"
	}
	return a.currency
}

// marketValue is an investment's market value: its amount (the other lists have none).
func marketValue(a demoAsset) *float64 {
	if a.list != "asset" {
		return nil
	}
	return pounds(a.amount)
}

// withdrawals are 0 where contributions are recorded, unknown elsewhere.
func withdrawals(a demoAsset) *float64 {
	if a.contributions == nil {
		return nil
	}
	return pounds(0)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
