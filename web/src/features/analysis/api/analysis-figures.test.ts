import { describe, expect, it } from 'vitest';
import type { DashboardAccount } from '../../portfolio/api/dashboard-accounts';
import { testAccount } from '../analysis-test-data';
import { planFigures, type FiguresRequest } from './analysis-figures';
import { planSeries } from './analysis-series';

const account = (accountId: number, portfolioId: number, planCurrency: string, inceptionDate: string): DashboardAccount => testAccount(accountId, portfolioId, { planCurrency, inceptionDate });
const accounts = [account(11, 1, 'GBP', '2021-01-04'), account(12, 1, 'USD', '2022-02-01'), account(21, 2, 'GBP', '2026-03-01')];
const req: FiguresRequest = {
  entityId: 1001,
  accounts,
  groups: [],
  startDate: '2025-11-25',
  endDate: '2026-11-25',
  feesAndTaxes: 1,
  holdBack: false,
  pricingType: 'delayed',
  currency: 'GBP',
  currencyView: 'session',
};
const query = (path: string) => new URLSearchParams(path.slice(path.indexOf('?') + 1));

describe('the analysis figures batch', () => {
  it('asks the selection’s profit analysis by portfolio and account, with the range, currency and pricing type', () => {
    const plan = planFigures(req);
    expect(plan.calls).toHaveLength(1);
    const q = query(plan.calls[0]!.path);
    expect(plan.calls[0]!.path).toMatch(/^portfolio\/profit_analysis\/detail\?/);
    expect(Object.fromEntries(q)).toMatchObject({
      entityid: '1001',
      accountid: '11,12,21',
      grouping: 'portfolio,account',
      start_date: '2025-11-25',
      end_date: '2026-11-25',
      report_currency: 'GBP',
      // Spec 2 §4: delayed prices with view_marketdata.
      from_pricing_type: 'delayed',
      to_pricing_type: 'delayed',
    });
  });

  it('adds one call per listed group and, in the original-currency view, one per other plan currency', () => {
    const plan = planFigures({ ...req, groups: [{ code: 'FAMILY', accountIds: [11, 21] }, { code: 'EMPTY', accountIds: [] }], currencyView: 'plan' });
    expect(plan.calls).toHaveLength(3);
    expect(plan.groups).toEqual([{ code: 'FAMILY', index: 1 }]);
    expect(Object.fromEntries(query(plan.calls[1]!.path))).toMatchObject({ accountid: '11,21' });
    expect(plan.currencies).toEqual([{ currency: 'USD', index: 2 }]);
    expect(Object.fromEntries(query(plan.calls[2]!.path))).toMatchObject({ accountid: '12', report_currency: 'USD' });
  });
});

describe('the analysis chart batch', () => {
  const series = { ...req, level: { kind: 'all' } as const, benchmarkName: 'UK Equity Index' };

  it('asks one series per portfolio at the top, each from its own opening when younger, with the benchmark', () => {
    const plan = planSeries(series);
    expect(plan.calls.map((c) => c.path.slice(0, c.path.indexOf('?')))).toEqual([
      'portfolio/portfolio/1/profit_analysis/historic_time_series_twrr',
      'portfolio/portfolio/2/profit_analysis/historic_time_series_twrr',
    ]);
    // Portfolio 2 opened on 1 March 2026, after the range's start (25 Nov 2025).
    expect(query(plan.calls[0]!.path).get('start_date')).toBe('2025-11-25');
    expect(query(plan.calls[1]!.path).get('start_date')).toBe('2026-03-01');
    // A year is charted monthly (spec 2 §9: code 3).
    expect(Object.fromEntries(query(plan.calls[0]!.path))).toMatchObject({ benchmark_name: 'UK Equity Index', frequency: '3', report_currency: 'GBP' });
  });

  it('asks the account’s or the group’s own series when one is selected', () => {
    expect(planSeries({ ...series, level: { kind: 'account', accountId: 12 }, accounts: [accounts[1]!] }).calls[0]!.path).toMatch(/^portfolio\/account\/12\/profit_analysis/);
    expect(planSeries({ ...series, level: { kind: 'group', code: 'FAM ILY' } }).calls[0]!.path).toMatch(/^portfolio\/group\/account\/code\/FAM%20ILY\/profit_analysis/);
  });
});
