import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardAccount, DashboardAccounts } from '../../portfolio/api/dashboard-accounts';
import type { ProfitAnalysis } from '../../portfolio/api/profit-analysis';
import type { AnalysisFigures } from '../api/analysis-figures';
import { accountsTables } from '../accounts-rows';
import type { AnalysisSelection } from '../analysis-selection';
import { TOP } from '../drill-down';
import AccountsTab from './accounts-tab';

const gbp = (amount: number, currency = 'GBP') => ({ amount, text: amount.toFixed(2), currency });
const account = (accountId: number, portfolioId: number, description: string, linked = false, planCurrency = 'GBP'): DashboardAccount => ({
  accountId,
  description,
  portfolioId,
  portfolioName: portfolioId === 1 ? 'Eleanor Whitfield' : 'James Whitfield',
  groupCode: null,
  groupName: null,
  linked,
  blocked: false,
  planCurrency,
  inceptionDate: '2021-01-01',
  reasonForVisibility: null,
  sortOrder: 0,
});
const accounts: DashboardAccounts = {
  portfolios: [
    { portfolioId: 1, name: 'Eleanor Whitfield', linked: false, reportCurrency: 'GBP' },
    { portfolioId: 2, name: 'James Whitfield', linked: true, reportCurrency: 'GBP' },
  ],
  accounts: [account(11, 1, 'ISA'), account(12, 1, 'US shares', false, 'USD'), account(21, 2, 'GIA', true)],
  my: [],
  linked: [],
  groups: [{ code: 'FAMILY', name: 'Family', accountIds: [11, 21] }],
  pricingType: 'close',
  viewPortfolio: true,
};
const figures = (value: number, twrr: number, irr: number, change: number, currency = 'GBP') => ({
  value: gbp(value, currency),
  valueStart: null,
  valueChange: gbp(change, currency),
  movement: null,
  contributions: null,
  withdrawals: null,
  income: null,
  twrr,
  irr,
  twrrAnnualised: null,
  irrAnnualised: null,
  reason: null,
});
const analysis = (rows: ProfitAnalysis['accounts'], portfolios: ProfitAnalysis['portfolios'] = []): ProfitAnalysis => ({
  startDate: '2025-11-25',
  endDate: '2026-11-25',
  reportCurrency: 'GBP',
  total: null,
  portfolios,
  accounts: rows,
  message: null,
});
const main = analysis(
  [
    { ...figures(1000, 1.5, 1.4, 20), accountId: 11, portfolioId: 1 },
    { ...figures(800, 2.5, 2.4, 30), accountId: 12, portfolioId: 1 },
    { ...figures(500, -0.5, -0.6, -5), accountId: 21, portfolioId: 2 },
  ],
  [
    { ...figures(1800, 2, 1.9, 50), portfolioId: 1, accounts: [] },
    { ...figures(500, -0.5, -0.6, -5), portfolioId: 2, accounts: [] },
  ],
);
const data: AnalysisFigures = {
  main,
  groups: new Map([['FAMILY', { ...analysis([]), total: { ...figures(1500, 0.9, 0.8, 15), accountsCount: 2 } }]]),
  byCurrency: new Map([['USD', analysis([{ ...figures(1010, 2.6, 2.5, 38, 'USD'), accountId: 12, portfolioId: 1 }])]]),
};
const selection: AnalysisSelection = {
  entityId: 1001,
  accountIds: [11, 12, 21],
  portfolioId: null,
  groupCode: null,
  singleAccountId: null,
  heading: 'All portfolios',
  startDate: '2025-11-25',
  endDate: '2026-11-25',
  currencyView: 'session',
  reportCurrency: 'GBP',
  pricingType: 'close',
  feesAndTaxes: 1,
  readOnly: false,
};

describe('the Accounts tab’s rows (spec 2 §2.3)', () => {
  it('lists portfolios at the top, mine and linked apart, with their counts and figures', () => {
    const tables = accountsTables(TOP, accounts.accounts, accounts, data, 'Split', 'twrr', 'session');
    expect(tables.title).toBe('Portfolios');
    expect(tables.my.map((r) => [r.name, r.count, r.value?.amount, r.performance])).toEqual([['Eleanor Whitfield', 2, 1800, 2]]);
    expect(tables.linked.map((r) => [r.name, r.count, r.opens])).toEqual([['James Whitfield', 1, { kind: 'portfolio', portfolioId: 2 }]]);
  });

  it('lists account groups (with their own figures) and loose accounts under account-group grouping', () => {
    const tables = accountsTables(TOP, accounts.accounts, accounts, data, 'AccountGroup', 'irr', 'session');
    expect(tables.title).toBe('Account groups');
    expect(tables.my.map((r) => [r.name, r.count, r.value?.amount, r.performance])).toEqual([
      ['Family', 2, 1500, 0.8],
      ['US shares', null, 800, 2.4],
    ]);
    expect(tables.linked).toEqual([]);
  });

  it('lists a portfolio’s accounts, in their own currency in the original-currency view', () => {
    const selected = accounts.accounts.filter((a) => a.portfolioId === 1);
    const session = accountsTables({ kind: 'portfolio', portfolioId: 1 }, selected, accounts, data, 'Split', 'twrr', 'session');
    expect(session.title).toBe('Accounts');
    expect(session.my.map((r) => r.value)).toEqual([gbp(1000), gbp(800)]);
    const plan = accountsTables({ kind: 'portfolio', portfolioId: 1 }, selected, accounts, data, 'Split', 'twrr', 'plan');
    expect(plan.my.map((r) => r.value)).toEqual([gbp(1000), gbp(1010, 'USD')]);
  });
});

describe('the Accounts tab', () => {
  const tables = accountsTables(TOP, accounts.accounts, accounts, data, 'Split', 'twrr', 'session');
  const props = { selection, tables, failed: false, showPerformance: true, convertible: true, onCurrencyView: vi.fn(), locale: 'en-gb' };

  it('shows My and Linked tables with every column and the count', () => {
    render(<AccountsTab {...props} onOpen={vi.fn()} />);
    const mine = screen.getByRole('table', { name: 'My portfolios' });
    expect(within(mine).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Current value', 'Fund performance', 'Change in value', 'Open']);
    expect(within(mine).getByRole('row', { name: /Eleanor Whitfield/ })).toHaveTextContent('Eleanor Whitfield (2 accounts)£1,800.00+2.00%£50.00');
    expect(screen.getByRole('table', { name: 'Linked portfolios' })).toHaveTextContent('James Whitfield (1 account)');
  });

  it('marks fund performance and change in value as the columns that hide at 767 px, and drops performance when profit analysis is none', () => {
    const { unmount } = render(<AccountsTab {...props} onOpen={vi.fn()} />);
    expect(screen.getAllByRole('columnheader', { name: 'Fund performance' })[0]).toHaveClass('accounts-table__wide');
    expect(screen.getAllByRole('columnheader', { name: 'Change in value' })[0]).toHaveClass('accounts-table__wide');
    unmount();
    render(<AccountsTab {...props} showPerformance={false} onOpen={vi.fn()} />);
    expect(screen.queryByRole('columnheader', { name: 'Fund performance' })).toBeNull();
  });

  it('drills down on a click of the row, or of its name: a button, so Enter and Space work too', () => {
    const onOpen = vi.fn();
    render(<AccountsTab {...props} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('row', { name: /James Whitfield/ }).querySelector('td')!);
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'portfolio', portfolioId: 2 });
    const button = screen.getByRole('button', { name: 'Eleanor Whitfield' });
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'portfolio', portfolioId: 1 });
    // The name's click does not also bubble to the row (one drill-down, not two).
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('offers Convert to the report currency or to original currencies', () => {
    const onCurrencyView = vi.fn();
    const { rerender } = render(<AccountsTab {...props} onCurrencyView={onCurrencyView} onOpen={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Convert to original currencies' }));
    expect(onCurrencyView).toHaveBeenCalledWith('plan');
    rerender(<AccountsTab {...props} selection={{ ...selection, currencyView: 'plan' }} onCurrencyView={onCurrencyView} onOpen={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Convert to GBP' }));
    expect(onCurrencyView).toHaveBeenLastCalledWith('session');
  });

  it('says so when there are no accounts, or when loading failed (spec 2 §8)', () => {
    const { unmount } = render(<AccountsTab {...props} tables={{ title: 'Portfolios', my: [], linked: [] }} onOpen={vi.fn()} />);
    expect(screen.getByText("You don't have any accounts to view.")).toBeInTheDocument();
    unmount();
    render(<AccountsTab {...props} failed onOpen={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong with loading your portfolio data.');
  });

  it('holds the rows’ place with skeleton rows while loading', () => {
    render(<AccountsTab {...props} tables={null} onOpen={vi.fn()} />);
    expect(document.querySelectorAll('.accounts-table__skeleton')).toHaveLength(3);
  });
});
