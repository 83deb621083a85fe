import { describe, expect, it } from 'vitest';
import type { BatchAnswer } from '../../../shared/http/batch';
import { readDashboardAccounts } from './dashboard-accounts';

const ok = (body: unknown): BatchAnswer => ({ ok: true, status: 200, body });
const account = (accountid: number, extra: Record<string, unknown> = {}) => ({
  accountid,
  description: `Account ${accountid}`,
  portfolioid: 1,
  reason_for_visibility: 'single_owner',
  sortOrder: 0,
  service_type: 'Managed',
  ...extra,
});

/** The first round trip's five answers: portfolios, accounts, groups, visibility links, capabilities. */
const answers = (capabilities: unknown, links: unknown = []): BatchAnswer[] => [
  ok([{ portfolioid: 1, portfolio_name: 'Eleanor Whitfield' }]),
  ok([account(1), account(2, { service_type: 'Not managed' }), account(3)]),
  ok([]),
  ok(links),
  ok(capabilities),
];

describe('the dashboard’s accounts (spec 2 §3, §4, §6)', () => {
  it('prices close by default, delayed with view_marketdata, live with live_marketdata_access', () => {
    expect(readDashboardAccounts(answers({ view_portfolio: true })).pricingType).toBe('close');
    expect(readDashboardAccounts(answers({ view_portfolio: true, view_marketdata: true })).pricingType).toBe('delayed');
    expect(readDashboardAccounts(answers({ view_portfolio: true, view_marketdata: true, live_marketdata_access: true })).pricingType).toBe('live');
  });

  it('needs view_portfolio to load accounts', () => {
    expect(readDashboardAccounts(answers({ view_portfolio: true })).viewPortfolio).toBe(true);
    expect(readDashboardAccounts(answers({ view_marketdata: true })).viewPortfolio).toBe(false);
  });

  it("leaves out 'Not managed' accounts and those hidden by their visibility link", () => {
    const read = readDashboardAccounts(answers({ view_portfolio: true }, [{ accountid: 3, visible: false }]));
    expect(read.accounts.map((a) => a.accountId)).toEqual([1]);
  });
});
