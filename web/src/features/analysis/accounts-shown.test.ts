import { describe, expect, it } from 'vitest';
import type { DashboardAccount, DashboardAccounts } from '../portfolio/api/dashboard-accounts';
import { withoutAccountsWithoutTransactions } from './accounts-shown';
import { testAccount } from './analysis-test-data';
import { analysisConfig } from './analysis-settings';
import { parseAccountActivity } from './api/account-activity';
import { testConfig } from '../../test/render-with-providers';

const account = (accountId: number, portfolioId: number, linked = false): DashboardAccount => testAccount(accountId, portfolioId, { linked, inceptionDate: '2021-01-01' });

// Eleanor's ISA (11) and an empty cash account (12) in her portfolio (1); James's GIA (21) in
// his linked portfolio (2) and his never-funded bond account (22), alone in portfolio 3.
const all = [account(11, 1), account(12, 1), account(21, 2, true), account(22, 3, true)];
const accounts: DashboardAccounts = {
  portfolios: [
    { portfolioId: 1, name: 'Portfolio 1', linked: false, reportCurrency: 'GBP' },
    { portfolioId: 2, name: 'Portfolio 2', linked: true, reportCurrency: 'GBP' },
    { portfolioId: 3, name: 'Portfolio 3', linked: true, reportCurrency: 'GBP' },
    { portfolioId: 4, name: 'Portfolio 4 (no account shown before either)', linked: false, reportCurrency: 'GBP' },
  ],
  accounts: all,
  my: all.filter((a) => !a.linked),
  linked: all.filter((a) => a.linked),
  groups: [{ code: 'FAMILY', name: 'Family', accountIds: [11, 12, 22] }],
  pricingType: 'close',
  viewPortfolio: true,
};

describe('accounts without transactions (spec 2 §5, spec 3 §5)', () => {
  it('are left out of every account list of the analysis page: mine, linked, groups and portfolios left empty', () => {
    const shown = withoutAccountsWithoutTransactions(accounts, new Set([11, 21]));
    expect(shown.accounts.map((a) => a.accountId)).toEqual([11, 21]);
    expect(shown.my.map((a) => a.accountId)).toEqual([11]);
    expect(shown.linked.map((a) => a.accountId)).toEqual([21]);
    expect(shown.groups).toEqual([{ code: 'FAMILY', name: 'Family', accountIds: [11] }]);
    // Portfolio 3 held only the never-funded account; portfolio 4 showed no account before and is not this rule's to drop.
    expect(shown.portfolios.map((p) => p.portfolioId)).toEqual([1, 2, 4]);
    expect(shown.pricingType).toBe('close');
  });

  it('leaves everything when every account has a transaction', () => {
    expect(withoutAccountsWithoutTransactions(accounts, new Set([11, 12, 21, 22]))).toEqual(accounts);
  });

  it('are told apart by the account answer’s lastTransactionDate, null for none', () => {
    const body = [
      { accountid: 11, lastTransactionDate: { _type: 'Date', _val: '2026-10-21' } },
      { accountid: 12, lastTransactionDate: null },
      { accountid: 21, lastTransactionDate: { _type: 'Date', _val: '2026-12-01' } },
      { accountid: 22 },
    ];
    expect([...parseAccountActivity(body)]).toEqual([11, 21]);
  });

  it('are hidden unless the site allows them (settings.analysis.showAccountsWithoutTransactions, default false)', () => {
    const withAnalysis = (analysis: unknown) => ({ ...testConfig, settings: { ...testConfig.settings, analysis: analysis as Record<string, unknown> } });
    expect(analysisConfig(withAnalysis(undefined)).showAccountsWithoutTransactions).toBe(false);
    expect(analysisConfig(withAnalysis({ showAccountsWithoutTransactions: 'yes' })).showAccountsWithoutTransactions).toBe(false);
    expect(analysisConfig(withAnalysis({ showAccountsWithoutTransactions: true })).showAccountsWithoutTransactions).toBe(true);
  });
});
