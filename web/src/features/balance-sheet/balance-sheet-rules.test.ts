import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/http';
import type { BatchAnswer } from '../../shared/http/batch';
import {
  assetIndexOf,
  assetTotals,
  usesRapidTotals,
  assetsFailure,
  balanceSheetViews,
  initialCurrencyView,
  isMultiCurrency,
  memberIdOf,
  memberToShow,
  shownTab,
  tabLabel,
  viewOf,
} from './balance-sheet-rules';

const okAnswer: BatchAnswer = { ok: true, status: 200, body: [] };
const failed = (status: number, user_message?: string): BatchAnswer => ({ ok: false, status, error: new ApiError(status, `HTTP ${status}`, { user_message }) });

describe('the views of the wealth toggle (spec 2 §2.5, §9)', () => {
  it('shows Managed, Non-managed and Everything and opens on Managed by default', () => {
    expect(balanceSheetViews(undefined)).toEqual({ views: ['managed', 'non_managed', 'everything'], initial: 'managed' });
  });

  it('opens on the site display-view setting when that view is shown', () => {
    expect(balanceSheetViews({ displayView: 'Everything' }).initial).toBe('everything');
    expect(balanceSheetViews({ displayView: 'Non-managed' }).initial).toBe('non_managed');
    // Not shown: Managed, else the first shown.
    expect(balanceSheetViews({ displayView: 'Everything', displayedViews: ['Managed', 'Non-managed'] }).initial).toBe('managed');
    expect(balanceSheetViews({ displayView: 'Everything', displayedViews: ['Non-managed'] })).toEqual({ views: ['non_managed'], initial: 'non_managed' });
  });

  it('shows only the configured views, in the toggle order, and none when none is enabled', () => {
    expect(balanceSheetViews({ displayedViews: ['everything', 'managed', 'bogus'] }).views).toEqual(['managed', 'everything']);
    expect(balanceSheetViews({ displayedViews: [] })).toEqual({ views: [], initial: null });
  });

  it('reads a view by its label, its platform name or "all"', () => {
    expect(['Managed', 'non_managed', 'Non-managed', 'ALL', 'Everything', 'x', 3].map(viewOf)).toEqual(['managed', 'non_managed', 'non_managed', 'everything', 'everything', null, null]);
  });
});

describe('the tabs (spec 2 §2.5)', () => {
  it('labels each tab with its count, singular for one and plural otherwise', () => {
    expect(tabLabel('asset', 1)).toBe('1 Asset');
    expect(tabLabel('asset', 4)).toBe('4 Assets');
    expect(tabLabel('fund_za', 1)).toBe('1 Pension asset');
    expect(tabLabel('fund_za', 2)).toBe('2 Pension assets');
    expect(tabLabel('annuity', 1)).toBe('1 Annuity');
    expect(tabLabel('annuity', 0)).toBe('0 Annuities');
    expect(tabLabel('liability', 1)).toBe('1 Liability');
    expect(tabLabel('liability', 3)).toBe('3 Liabilities');
  });

  it('shows the chosen tab when it has data, else the first tab with data, else none', () => {
    expect(shownTab(2, [3, 1, 1, 2])).toBe(2);
    expect(shownTab(2, [0, 1, 0, 2])).toBe(1);
    expect(shownTab(0, [0, 0, 0, 2])).toBe(3);
    expect(shownTab(3, [0, 0, 0, 0])).toBeNull();
  });

  it('reads ?asset= as 0 to 3 and ?id= as an entity id', () => {
    const at = (query: string) => new URLSearchParams(query);
    expect(['asset=0', 'asset=3', 'asset=4', 'asset=-1', 'asset=x', ''].map((q) => assetIndexOf(at(q)))).toEqual([0, 3, 0, 0, 0, 0]);
    expect(['id=1002', 'id=0', 'id=abc', 'id=12.5', ''].map((q) => memberIdOf(at(q)))).toEqual([1002, null, null, null, null]);
  });
});

describe('whose balance sheet (spec 2 §2.5 ?id=)', () => {
  const members = [{ entityId: 1001 }, { entityId: 1002 }];
  it("is the client's own without an id, or with its own, whether or not the members are in", () => {
    expect(memberToShow(1001, null, null)).toBe(1001);
    expect(memberToShow(1001, 1001, null)).toBe(1001);
  });
  it("waits for the members to show another's, and falls back to the client's own for an id that is not a member", () => {
    expect(memberToShow(1001, 1002, null)).toBeNull();
    expect(memberToShow(1001, 1002, members)).toBe(1002);
    expect(memberToShow(1001, 4242, members)).toBe(1001);
  });
});

describe('the asset fetch failure (spec 2 §8, spec 3 §8)', () => {
  it('is the spec text when the first failing result is a 404 or a 500', () => {
    expect(assetsFailure([okAnswer, okAnswer])).toBeNull();
    expect(assetsFailure([failed(404), okAnswer])).toBe('There was a problem retrieving one or more assets.');
    expect(assetsFailure([okAnswer, failed(500), failed(403, 'Refused')])).toBe('There was a problem retrieving one or more assets.');
  });
  it("is the platform's message for another failure, or the spec text without one", () => {
    expect(assetsFailure([okAnswer, failed(403, 'I am not a clientUser and no client in context'), failed(500)])).toBe('I am not a clientUser and no client in context');
    expect(assetsFailure([failed(400)])).toBe('There was a problem retrieving one or more assets.');
  });
});

describe('the currency view (spec 2 §2.5, §4)', () => {
  it('is multi-currency only with the toggle on and a record held in another currency than the reporting one', () => {
    expect(isMultiCurrency(true, ['GBP', 'EUR'], 'GBP')).toBe(true);
    expect(isMultiCurrency(true, ['GBP', 'gbp'], 'GBP')).toBe(false);
    expect(isMultiCurrency(false, ['GBP', 'EUR'], 'GBP')).toBe(false);
    expect(isMultiCurrency(true, [], 'GBP')).toBe(false);
  });
  it('starts as plan for a multi-currency client, else in the reporting currency', () => {
    expect(initialCurrencyView(true)).toBe('plan');
    expect(initialCurrencyView(false)).toBe('report');
  });
});

describe('rapid totals (spec 2 §9, spec 3 §6, §9: platform 23.5.269 or later, behind the toggle)', () => {
  // By hand, part by part: 23.5.269 = the minimum; 23.5.270 and 23.10.0 (10 > 5) and 24.1.100
  // (24 > 23) are later; 23.5.268 (268 < 269) and 23.4.999 (4 < 5) are earlier. As strings
  // "23.10.0" < "23.5.269", which is why the parts are compared as numbers.
  it.each([
    ['23.5.269', true],
    ['23.5.270', true],
    ['23.10.0', true],
    ['24.1.100', true],
    ['23.5.268', false],
    ['23.4.999', false],
    [null, false],
    ['', false],
  ] as const)('with the toggle on, platform %s: %s', (version, rapid) => {
    expect(usesRapidTotals(true, version)).toBe(rapid);
  });

  it('never with the toggle off, whatever the version', () => {
    expect(usesRapidTotals(false, '24.1.100')).toBe(false);
    expect(usesRapidTotals(false, '23.5.269')).toBe(false);
  });

  // 0.10 + 0.20 is 0.30000000000000004 in floating point; in pence 10 + 20 = 30, "0.30".
  // 48,250.00 + 285,000.00 + 65,300.00 = 398,550.00.
  it('adds the rows up to the penny, and is unavailable when a row has no rate', () => {
    const aud = (value: number) => ({ report: { value, currency: 'AUD' } });
    expect(assetTotals([aud(0.1), aud(0.2)])).toEqual({ count: 2, total: 0.3, totalText: '0.30', currency: 'AUD' });
    expect(assetTotals([aud(48250), aud(285000), aud(65300)])).toMatchObject({ count: 3, total: 398550, totalText: '398550.00' });
    expect(assetTotals([aud(100), { report: null }])).toEqual({ count: 2, total: null, totalText: null, currency: 'AUD' });
    expect(assetTotals([])).toEqual({ count: 0, total: 0, totalText: '0.00', currency: '' });
  });
});
