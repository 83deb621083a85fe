import { describe, expect, it } from 'vitest';
import type { DashboardAccount, DashboardAccounts } from '../portfolio/api/dashboard-accounts';
import { accountsOf, backTarget, breadcrumb, filterOf, headingOf, inceptionOf, levelFromSearch, levelOfFilter, searchOf, TOP } from './drill-down';

const account = (accountId: number, portfolioId: number, description: string, inceptionDate: string, linked = false): DashboardAccount => ({
  accountId,
  description,
  portfolioId,
  portfolioName: portfolioId === 1 ? 'Eleanor Whitfield' : 'James Whitfield',
  groupCode: null,
  groupName: null,
  linked,
  blocked: false,
  planCurrency: 'GBP',
  inceptionDate,
  reasonForVisibility: null,
  sortOrder: 0,
});

const accounts: DashboardAccounts = {
  portfolios: [
    { portfolioId: 1, name: 'Eleanor Whitfield', linked: false, reportCurrency: 'GBP' },
    { portfolioId: 2, name: 'James Whitfield', linked: true, reportCurrency: 'GBP' },
  ],
  accounts: [account(11, 1, 'ISA', '2021-03-15'), account(12, 1, 'SIPP', '2022-05-01'), account(21, 2, 'GIA', '2020-01-10', true)],
  my: [],
  linked: [],
  groups: [{ code: 'FAMILY', name: 'Family', accountIds: [11, 21] }],
  pricingType: 'close',
  viewPortfolio: true,
};

describe('the drill-down levels in the address (spec 2 §2.3, §2.2 ?id=)', () => {
  it('reads ?id= as an account or a group code, ?portfolio= as a portfolio', () => {
    expect(levelFromSearch('?id=12', accounts)).toEqual({ kind: 'account', accountId: 12 });
    expect(levelFromSearch('?id=FAMILY', accounts)).toEqual({ kind: 'group', code: 'FAMILY' });
    expect(levelFromSearch('?portfolio=2', accounts)).toEqual({ kind: 'portfolio', portfolioId: 2 });
    expect(levelFromSearch('', accounts)).toEqual(TOP);
  });

  it('treats an id it does not show (another client’s, a stale one) as the top', () => {
    expect(levelFromSearch('?id=999', accounts)).toEqual(TOP);
    expect(levelFromSearch('?portfolio=9', accounts)).toEqual(TOP);
  });

  it('writes each level back the same way', () => {
    for (const search of ['?id=12', '?id=FAMILY', '?portfolio=2', '']) expect(searchOf(levelFromSearch(search, accounts))).toBe(search);
  });

  it('selects the accounts of each level', () => {
    expect(accountsOf({ kind: 'portfolio', portfolioId: 1 }, accounts).map((a) => a.accountId)).toEqual([11, 12]);
    expect(accountsOf({ kind: 'group', code: 'FAMILY' }, accounts).map((a) => a.accountId)).toEqual([11, 21]);
    expect(accountsOf(TOP, accounts)).toHaveLength(3);
  });
});

describe('the heading (spec 2 §2.3)', () => {
  it('is the account or group name, else All accounts under account-group grouping, else All portfolios', () => {
    expect(headingOf({ kind: 'account', accountId: 12 }, accounts, 'Split')).toBe('SIPP');
    expect(headingOf({ kind: 'group', code: 'FAMILY' }, accounts, 'AccountGroup')).toBe('Family');
    expect(headingOf({ kind: 'portfolio', portfolioId: 2 }, accounts, 'Split')).toBe('James Whitfield');
    expect(headingOf(TOP, accounts, 'AccountGroup')).toBe('All accounts');
    expect(headingOf(TOP, accounts, 'Split')).toBe('All portfolios');
    expect(headingOf(TOP, accounts, 'Consolidated')).toBe('All portfolios');
  });
});

describe('the breadcrumb', () => {
  it('steps up from an account through its portfolio to the top', () => {
    expect(breadcrumb({ kind: 'account', accountId: 12 }, accounts, 'Split').map((c) => c.label)).toEqual(['All portfolios', 'Eleanor Whitfield', 'SIPP']);
    expect(breadcrumb(TOP, accounts, 'Split').map((c) => c.label)).toEqual(['All portfolios']);
  });

  it('goes through the account’s group under account-group grouping', () => {
    expect(breadcrumb({ kind: 'account', accountId: 21 }, accounts, 'AccountGroup').map((c) => c.label)).toEqual(['All accounts', 'Family', 'GIA']);
    // An account in no group sits straight under the top.
    expect(breadcrumb({ kind: 'account', accountId: 12 }, accounts, 'AccountGroup').map((c) => c.label)).toEqual(['All accounts', 'SIPP']);
  });
});

describe('back with the history rules', () => {
  it('steps back when there is history, else goes to the dashboard', () => {
    expect(backTarget(3, '/clients/home')).toBe(-1);
    expect(backTarget(0, '/clients/home')).toBe('/clients/home');
    expect(backTarget(undefined, '/clients/home')).toBe('/clients/home');
  });
});

describe('since inception of the selection (spec 2 §4)', () => {
  it('is the earliest inception of the level’s accounts', () => {
    expect(inceptionOf(TOP, accounts)).toBe('2020-01-10');
    expect(inceptionOf({ kind: 'portfolio', portfolioId: 1 }, accounts)).toBe('2021-03-15');
    expect(inceptionOf({ kind: 'account', accountId: 12 }, accounts)).toBe('2022-05-01');
  });
});

describe('the stored account filter (coa_filter)', () => {
  it('names the level with the dashboard’s key and comes back to the same level', () => {
    const level = { kind: 'account', accountId: 12 } as const;
    const stored = filterOf(level, accounts, 'Split')!;
    expect(stored).toEqual({ accountIds: [12], key: '12', heading: 'SIPP', portfolioId: 1 });
    expect(levelOfFilter(stored, accounts)).toEqual(level);
    const portfolio = { kind: 'portfolio', portfolioId: 2 } as const;
    expect(levelOfFilter(filterOf(portfolio, accounts, 'Split')!, accounts)).toEqual(portfolio);
    expect(filterOf(TOP, accounts, 'Split')).toBeNull();
    // As the dashboard writes a group tile's filter.
    expect(levelOfFilter({ accountIds: [11, 21], key: 'FAMILY', heading: 'Family', portfolioId: null }, accounts)).toEqual({ kind: 'group', code: 'FAMILY' });
  });
});
