import { jsonResponse } from '../../test/render-with-providers';
import type { DashboardAccount } from '../portfolio/api/dashboard-accounts';

/**
 * Stand-ins the analysis tests share. Only a test imports this file.
 */

/** An account as the page holds it (dashboard-accounts.ts): 'Account {id}' in 'Portfolio {portfolioId}', GBP, nothing else set. */
export function testAccount(accountId: number, portfolioId: number, over: Partial<DashboardAccount> = {}): DashboardAccount {
  return {
    accountId,
    description: `Account ${accountId}`,
    portfolioId,
    portfolioName: `Portfolio ${portfolioId}`,
    groupCode: null,
    groupName: null,
    linked: false,
    blocked: false,
    planCurrency: 'GBP',
    inceptionDate: null,
    reasonForVisibility: null,
    sortOrder: 0,
    ...over,
  };
}

/**
 * The accounts batch (the dashboard's first round trip) answering these platform accounts and
 * portfolios, view_portfolio held, and every other call empty.
 */
export function accountsBatchOf(accounts: readonly object[], portfolios: readonly object[] = []) {
  return (body: { batch: { url: string }[] }) =>
    jsonResponse(
      200,
      body.batch.map(({ url }) => {
        const ok = (b: unknown) => ({ code: 200, body: JSON.stringify(b) });
        if (url.includes('portfolio/account?')) return ok(accounts);
        if (url.includes('/capability')) return ok({ view_portfolio: true });
        if (/entity\/client\/\d+\/portfolio/.test(url)) return ok(portfolios);
        return ok([]);
      }),
    );
}
