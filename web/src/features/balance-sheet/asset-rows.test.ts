import { describe, expect, it } from 'vitest';
import { currenciesOf, readRows, shownValue, shownValueOwned } from './asset-rows';
import { formatRate, formatValuationDate, formatValue } from './balance-sheet-format';

const bd = (value: string) => ({ _type: 'BigDecimal', _val: value });
const day = (value: string) => ({ _type: 'Date', _val: value });

// demo.client's buy-to-let flat (backend/internal/demo/assets.go): £285,000 held 60/40 with her
// husband.
const flat = {
  index: 3,
  entity_id: 1001,
  currency: 'GBP',
  report_currency: 'GBP',
  desc: 'Buy-to-let flat, 7 Cathedral Walk, Bristol',
  type: 'Property',
  type_description: 'Residential property',
  policy_number: '',
  status: 'Existing',
  provider: '',
  amount: bd('285000.00'),
  amount_in_report_currency: bd('285000.00'),
  valuation_date: day('2026-05-31'),
  contribution_total: null,
  withdrawal_total: null,
  percent_owned: bd('60.00'),
  value_owned: bd('171000.00'),
  owners: [
    { owner_id: 1001, owner_first_name: 'Eleanor', owner_last_name: 'Whitfield', owner_name: 'Whitfield, Eleanor', percentage: bd('60.00') },
    { owner_id: 1002, owner_first_name: 'James', owner_last_name: 'Whitfield', owner_name: 'Whitfield, James', percentage: bd('40.00') },
  ],
};

describe('an asset row (spec 2 §3, spec 3 §3.5)', () => {
  it("reads a GB investment: description, owners, type, policy number, provider, values and the client's share", () => {
    const [row] = readRows('asset', [flat], 'GB');
    expect(row).toMatchObject({
      key: 'asset-3',
      description: 'Buy-to-let flat, 7 Cathedral Walk, Bristol',
      type: 'Residential property',
      owners: [
        { id: 1001, name: 'Eleanor Whitfield', percentage: 60 },
        { id: 1002, name: 'James Whitfield', percentage: 40 },
      ],
      valuationDate: '2026-05-31',
      plan: { value: 285000, currency: 'GBP' },
      report: { value: 285000, currency: 'GBP' },
      percentOwned: 60,
      valueOwned: { value: 171000, currency: 'GBP' },
      contributions: null,
    });
  });

  it('reads the regional names: asset_number and supplier in ZA, supplier_string in AU', () => {
    const za = readRows('asset', [{ index: 1, currency: 'ZAR', desc: 'Unit trust', type: 'Unit Trust', asset_number: 'AN-1', supplier: 'Allan Gray', amount: bd('1.00') }], 'ZA')[0]!;
    expect([za.number, za.provider]).toEqual(['AN-1', 'Allan Gray']);
    const au = readRows('asset', [{ index: 1, currency: 'AUD', desc: 'Super', type: 'Fund', policy_number: 'P-9', supplier_string: 'AustralianSuper', amount: bd('1.00') }], 'AU')[0]!;
    expect([au.number, au.provider]).toEqual(['P-9', 'AustralianSuper']);
  });

  it('reads a pension, an annuity and a liability by their own field names', () => {
    const pension = readRows('fund_za', [{ index: 7, currency: 'GBP', desc: 'USS workplace pension', type: 'Occupational Money Purchase', fund_or_policy_num: 'USS-4471902', product_provider: 'USS', fund_value: bd('96430.55'), fund_value_in_report_currency: bd('96430.55'), fund_valuation_date: day('2026-10-31'), crystallised_fund: bd('0.00'), uncrystallised_fund: bd('96430.55'), contribution_total: bd('61200.00'), withdrawal_total: bd('0.00') }], 'GB')[0]!;
    expect(pension).toMatchObject({ number: 'USS-4471902', provider: 'USS', valuationDate: '2026-10-31', crystallised: { value: 0 }, uncrystallised: { value: 96430.55 }, contributions: { value: 61200 }, percentOwned: 100 });
    const annuity = readRows('annuity', [{ index: 10, currency: 'GBP', description: 'Canada Life fixed-term annuity', product_provider: 'Canada Life', policy_number: 'CL-1', current_value: bd('12000.00'), current_value_in_report_currency: bd('12000.00'), income_value: bd('1800.00'), frequency: 'Yearly', valuation_date: day('2026-10-01') }], 'HK')[0]!;
    // HK records no annuity valuation date (spec 3 §3.5: GB, ZA, NA, AA only).
    expect(annuity).toMatchObject({ description: 'Canada Life fixed-term annuity', income: { value: 1800 }, frequency: 'Yearly', plan: { value: 12000 }, valuationDate: null });
    const loan = readRows('liability', [{ index: 12, currency: 'GBP', package_name: 'Car loan', supplier: 'Barclays', rate: bd('6.40'), amount: bd('14350.00'), amount_in_report_currency: bd('14350.00') }], 'GB')[0]!;
    expect(loan).toMatchObject({ description: 'Car loan', provider: 'Barclays', rate: 6.4, plan: { value: 14350 } });
  });

  it("shows a joint asset's share as percent owned of the value in either currency view (spec 3 §5, §9)", () => {
    // An apartment of €240,000 held 60 %: plan view €240,000 × 60 % = €144,000 (the platform's
    // value_owned); converted to £205,200 (at 0.855), the share is £205,200 × 60 % = £123,120.
    const [row] = readRows('asset', [{ ...flat, currency: 'EUR', amount: bd('240000.00'), value_owned: bd('144000.00'), amount_in_report_currency: bd('205200.00') }], 'GB');
    expect(shownValue(row!, 'plan')).toEqual({ value: 240000, currency: 'EUR' });
    expect(shownValueOwned(row!, 'plan')).toEqual({ value: 144000, currency: 'EUR' });
    expect(shownValue(row!, 'report')).toEqual({ value: 205200, currency: 'GBP' });
    expect(shownValueOwned(row!, 'report')).toEqual({ value: 123120, currency: 'GBP' });
    expect(currenciesOf([row!])).toEqual(['EUR']);
  });

  it("says 'Conversion rate unavailable' where a value needs a rate that does not exist (spec 2 §8)", () => {
    const [row] = readRows('asset', [{ ...flat, currency: 'JPY', amount: bd('1000000.00'), amount_in_report_currency: 'Conversion rate unavailable' }], 'GB');
    expect(row!.report).toBeNull();
    expect(formatValue(shownValue(row!, 'report'), 'en-gb')).toBe('Conversion rate unavailable');
    expect(formatValue(shownValueOwned(row!, 'report'), 'en-gb')).toBe('Conversion rate unavailable');
  });
});

describe('the balance sheet formats (spec 2 §9, spec 3 §3.5)', () => {
  it('shows values with 0 decimals, rates with 2 and valuation dates as D MMM YYYY in the locale', () => {
    // 42,615.80 rounds to 42,616; 0.5 rounds up.
    expect(formatValue({ value: 42615.8, currency: 'GBP' }, 'en-gb')).toBe('£42,616');
    expect(formatValue({ value: 240000, currency: 'EUR' }, 'en-gb')).toBe('€240,000');
    expect(formatRate(4.19, 'en-gb')).toBe('4.19%');
    expect(formatValuationDate('2026-05-31', 'en-gb')).toBe('31 May 2026');
    expect(formatValuationDate('2026-05-31', 'fr-ca')).toBe('31 mai 2026');
  });
});
