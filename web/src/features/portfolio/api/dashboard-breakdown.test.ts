import { describe, expect, it } from 'vitest';
import type { DashboardAccount, DashboardAccounts } from './dashboard-accounts';
import { planDashboardData, readDashboardData } from './dashboard-data';

const account = (accountId: number, linked: boolean): DashboardAccount => ({
  accountId,
  description: `Account ${accountId}`,
  portfolioId: linked ? 3 : 1,
  portfolioName: linked ? 'Partner' : 'Mine',
  groupCode: null,
  groupName: null,
  linked,
  blocked: false,
  planCurrency: 'GBP',
  inceptionDate: '2022-01-10',
  reasonForVisibility: 'single_owner',
  sortOrder: linked ? 4 : 0,
});

const accounts: DashboardAccounts = {
  portfolios: [],
  accounts: [account(1, false), account(2, false), account(8, true)],
  my: [account(1, false), account(2, false)],
  linked: [account(8, true)],
  groups: [],
  pricingType: 'close',
  viewPortfolio: true,
};

const date = (value: string) => ({ _type: 'Date', _val: value });
const profit = (start: string, end: string) => ({ ok: true as const, status: 200, body: { start_date: date(start), end_date: date(end), report_currency: 'GBP', total: { accounts_count: 2 } } });

describe('the overview’s "How was this calculated?" selection', () => {
  it('is the overview’s own profit analysis (Split: my accounts), over the dates the platform answered for', () => {
    const settings = { entityId: 1001, overviewIsMine: true, feesAndTaxes: 1, holdBack: true };
    const plan = planDashboardData(accounts, settings, 'default', new Date(2026, 10, 25, 9));
    expect(plan.overview).toBe(1);
    const answers = plan.calls.map((_, i) => (i === 0 ? profit('2025-11-24', '2026-11-24') : i === 1 ? profit('2025-11-24', '2026-11-24') : { ok: true as const, status: 200, body: [] }));
    // Only the profit analyses matter here: the plan is read without its series and positions.
    const data = readDashboardData({ ...plan, series: [], positions: null }, answers);
    expect(data.overviewBreakdown).toEqual({
      entityId: 1001,
      accountIds: [1, 2],
      feesAndTaxes: 1,
      holdBack: true,
      pricingType: 'close',
      startDate: '2025-11-24',
      endDate: '2026-11-24',
    });
  });

  it('is the summary’s selection without its grouping when the overview covers every account', () => {
    const settings = { entityId: 1001, overviewIsMine: false, feesAndTaxes: 0, holdBack: false };
    const plan = planDashboardData(accounts, settings, 'secondary', new Date(2026, 10, 25, 9));
    const data = readDashboardData({ ...plan, series: [], positions: null }, [profit('2022-01-10', '2026-11-25')]);
    expect(data.overviewBreakdown).toEqual({
      entityId: 1001,
      accountIds: [1, 2, 8],
      feesAndTaxes: 0,
      holdBack: false,
      pricingType: 'close',
      startDate: '2022-01-10',
      endDate: '2026-11-25',
    });
  });
});
