import { describe, expect, it } from 'vitest';
import { assetFieldSet, balanceSheetColumns, REGIONS, regionOf, rowFields, type Region } from './regional-fields';

// Spec 3 §3.5, read region by region (written out here from the spec's text, not from the code):
// investments have amount, desc, type, amount_in_report_currency, valuation_date, owner,
// market_value; ZA, NA, AA add asset_number, the others policy_number and status; ZA, HK, SG,
// TH, MY, TW, ID, NA, AA add supplier; AU, CA, NZ supplier_string; the rest (GB) provider,
// withdrawal_total, contribution_total, is_sipp_wrapper. Pensions: GB adds contributions,
// withdrawals, crystallised and uncrystallised funds. Annuities: GB, ZA, NA, AA add
// valuation_date; GB is_sipp_wrapper and capital_content. Liabilities: GB adds is_sipp_wrapper.
const INVESTMENT_BASE = ['amount', 'desc', 'type', 'amount_in_report_currency', 'valuation_date', 'owner', 'market_value'];
const PENSION_BASE = ['type', 'fund_value', 'is_sipp_wrapper', 'desc', 'fund_or_policy_num', 'product_provider', 'fund_value_in_report_currency', 'fund_valuation_date', 'policy_status', 'fund_value_in_plan_currency'];
const ANNUITY_BASE = ['description', 'type', 'frequency', 'income_value', 'income_rate', 'current_value_in_report_currency', 'product_provider', 'policy_number', 'owner', 'policy_status', 'current_value'];
const LIABILITY_BASE = ['amount_in_report_currency', 'package_name', 'type', 'supplier', 'rate', 'policy_number', 'valuation_date', 'owner', 'status', 'amount'];

const PLAIN_INVESTMENT_COLUMNS = ['Description and owners', 'Type and policy number', 'Total value', 'Value owned', '% owned'];
const PLAIN_PENSION_COLUMNS = ['Description and type', 'Policy number and provider', 'Value'];

interface Expected {
  investment: string[];
  investmentColumns: string[];
  pensionExtra: string[];
  pensionColumns: string[];
  annuityExtra: string[];
  liabilityExtra: string[];
  number: 'policy_number' | 'asset_number';
  provider: 'provider' | 'supplier' | 'supplier_string';
  annuityDate: boolean;
}

const supplierRegion = (annuityDate: boolean): Expected => ({
  investment: [...INVESTMENT_BASE, 'policy_number', 'status', 'supplier'],
  investmentColumns: PLAIN_INVESTMENT_COLUMNS,
  pensionExtra: [],
  pensionColumns: PLAIN_PENSION_COLUMNS,
  annuityExtra: annuityDate ? ['valuation_date'] : [],
  liabilityExtra: [],
  number: 'policy_number',
  provider: 'supplier',
  annuityDate,
});

const assetNumberRegion: Expected = {
  investment: [...INVESTMENT_BASE, 'asset_number', 'supplier'],
  investmentColumns: ['Description and owners', 'Type and asset number', 'Total value', 'Value owned', '% owned'],
  pensionExtra: [],
  pensionColumns: PLAIN_PENSION_COLUMNS,
  annuityExtra: ['valuation_date'],
  liabilityExtra: [],
  number: 'asset_number',
  provider: 'supplier',
  annuityDate: true,
};

const supplierStringRegion: Expected = {
  investment: [...INVESTMENT_BASE, 'policy_number', 'status', 'supplier_string'],
  investmentColumns: PLAIN_INVESTMENT_COLUMNS,
  pensionExtra: [],
  pensionColumns: PLAIN_PENSION_COLUMNS,
  annuityExtra: [],
  liabilityExtra: [],
  number: 'policy_number',
  provider: 'supplier_string',
  annuityDate: false,
};

const EXPECTED: Record<Region, Expected> = {
  GB: {
    investment: [...INVESTMENT_BASE, 'policy_number', 'status', 'provider', 'withdrawal_total', 'contribution_total', 'is_sipp_wrapper'],
    investmentColumns: ['Description and owners', 'Type and policy number', 'Contributions and withdrawals', 'Total value', 'Value owned', '% owned'],
    pensionExtra: ['contribution_total', 'withdrawal_total', 'crystallised_fund', 'uncrystallised_fund'],
    pensionColumns: ['Description and type', 'Policy number and provider', 'Contributions and withdrawals to date', 'Crystallised and uncrystallised fund', 'Value'],
    annuityExtra: ['valuation_date', 'is_sipp_wrapper', 'capital_content'],
    liabilityExtra: ['is_sipp_wrapper'],
    number: 'policy_number',
    provider: 'provider',
    annuityDate: true,
  },
  AU: supplierStringRegion,
  CA: supplierStringRegion,
  NZ: supplierStringRegion,
  ZA: assetNumberRegion,
  NA: assetNumberRegion,
  AA: assetNumberRegion,
  HK: supplierRegion(false),
  SG: supplierRegion(false),
  TH: supplierRegion(false),
  MY: supplierRegion(false),
  TW: supplierRegion(false),
  ID: supplierRegion(false),
};

describe('the regional field sets and columns (spec 3 §3.5, spec 2 §2.5)', () => {
  it('knows the thirteen regions and reads an unknown one as GB', () => {
    expect([...REGIONS]).toEqual(['GB', 'AU', 'CA', 'NZ', 'ZA', 'NA', 'AA', 'HK', 'SG', 'TH', 'MY', 'TW', 'ID']);
    expect(regionOf('za')).toBe('ZA');
    expect(regionOf('FR')).toBe('GB');
    expect(regionOf(null)).toBe('GB');
  });

  it.each(REGIONS.map((region) => [region]))('gives %s its field sets and columns', (region) => {
    const want = EXPECTED[region];
    expect(assetFieldSet('asset', region)).toEqual(want.investment);
    expect(assetFieldSet('fund_za', region)).toEqual([...PENSION_BASE, ...want.pensionExtra]);
    expect(assetFieldSet('annuity', region)).toEqual([...ANNUITY_BASE, ...want.annuityExtra]);
    expect(assetFieldSet('liability', region)).toEqual([...LIABILITY_BASE, ...want.liabilityExtra]);

    expect(balanceSheetColumns('asset', region).map((c) => c.header)).toEqual(want.investmentColumns);
    expect(balanceSheetColumns('fund_za', region).map((c) => c.header)).toEqual(want.pensionColumns);
    expect(balanceSheetColumns('annuity', region).map((c) => c.header)).toEqual(['Description', 'Income per annum', 'Capital amount']);
    expect(balanceSheetColumns('liability', region).map((c) => c.header)).toEqual(['Description', 'Interest rate', 'Outstanding balance']);

    expect(rowFields('asset', region)).toEqual({ number: want.number, provider: want.provider, valuationDate: true });
    expect(rowFields('annuity', region).valuationDate).toBe(want.annuityDate);
    expect(rowFields('fund_za', region)).toEqual({ number: 'fund_or_policy_num', provider: 'product_provider', valuationDate: true });
    expect(rowFields('liability', region)).toEqual({ number: 'policy_number', provider: 'supplier', valuationDate: true });
  });

  it('marks the figures as numeric columns and the descriptions as text', () => {
    const columns = balanceSheetColumns('asset', 'GB');
    expect(columns.filter((c) => c.numeric).map((c) => c.key)).toEqual(['flows', 'totalValue', 'valueOwned', 'percentOwned']);
  });
});
