import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientUser, renderPage } from '../../../test/render-with-providers';
import type { DashboardAccount, DashboardAccounts } from '../api/dashboard-accounts';
import type { AccountFigures, ProfitAnalysis } from '../api/profit-analysis';
import type { PortfolioGrouping } from '../portfolio-rules';
import { AccountSummary } from './account-summary';

const account = (accountId: number, description: string, portfolioName: string, groupCode: string | null = null): DashboardAccount => ({
  accountId,
  description,
  portfolioId: accountId < 3 ? 1 : 2,
  portfolioName,
  groupCode,
  groupName: groupCode ? 'Retirement' : null,
  linked: false,
  blocked: false,
  planCurrency: 'GBP',
  inceptionDate: '2022-01-10',
  reasonForVisibility: 'single_owner',
  sortOrder: 0,
});

// Two accounts of Eleanor's portfolio, one of the joint portfolio; the SIPP and the ISA make the
// group RET, the joint account is in no group.
const sipp = account(1, 'Self-Invested Personal Pension', 'Eleanor Whitfield', 'RET');
const isa = account(2, 'Stocks & Shares ISA', 'Eleanor Whitfield', 'RET');
const joint = account(3, 'Joint General Investment Account', 'Eleanor and James Whitfield');
const accounts: DashboardAccounts = {
  portfolios: [],
  accounts: [sipp, isa, joint],
  my: [sipp, isa, joint],
  linked: [],
  groups: [{ code: 'RET', name: 'Retirement', accountIds: [1, 2] }],
  pricingType: 'close',
  viewPortfolio: true,
};

const money = (amount: number) => ({ amount, text: amount.toFixed(2), currency: 'GBP' });
const figures = (accountId: number, value: number, change: number): AccountFigures => ({
  accountId,
  portfolioId: null,
  value: money(value),
  valueStart: null,
  valueChange: money(change),
  movement: null,
  contributions: null,
  withdrawals: null,
  income: null,
  twrr: 5,
  irr: 5.5,
  twrrAnnualised: null,
  irrAnnualised: null,
  reason: null,
});

const summary: ProfitAnalysis = {
  startDate: '2025-11-25',
  endDate: '2026-11-25',
  reportCurrency: 'GBP',
  total: null,
  portfolios: [],
  accounts: [figures(1, 250000, 12000.5), figures(2, 150000.25, 8000), figures(3, 100000, -500.1)],
  message: null,
};

function show(grouping: PortfolioGrouping) {
  renderPage(
    <AccountSummary
      accounts={accounts}
      summary={summary}
      grouping={grouping}
      mode="table"
      radial={false}
      heading="Your Accounts"
      showPerformance
      locale="en-GB"
      analysisPath="/clients/analysis"
      persistFilters={false}
    />,
    { session: { status: 'signed-in', user: clientUser } },
  );
  return screen.getByRole('table');
}

describe('the account summary table (spec 2 §2.2)', () => {
  it('expands a portfolio row to its accounts, each linking with ?id=', () => {
    const table = show('Consolidated');
    const portfolio = within(table).getByRole('button', { name: 'Eleanor Whitfield (2 accounts)' });
    expect(portfolio).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByRole('link', { name: 'Stocks & Shares ISA' })).toBeNull();
    fireEvent.click(portfolio);
    expect(portfolio).toHaveAttribute('aria-expanded', 'true');
    expect(within(table).getByRole('link', { name: 'Stocks & Shares ISA' })).toHaveAttribute('href', '/clients/analysis?id=2');
  });

  it('expands an account-group row to its accounts under account-group grouping; the group links with ?id={group_code}', () => {
    const table = show('AccountGroup');
    const group = within(table).getByRole('link', { name: 'Retirement' });
    expect(group).toHaveAttribute('href', '/clients/analysis?id=RET');
    const row = group.closest('tr')!;
    // The group's value is its accounts' sum: 250,000.00 + 150,000.25.
    expect(within(row).getByText('£400,000.25')).toBeInTheDocument();
    expect(within(row).getByText('(2 accounts)')).toBeInTheDocument();
    const toggle = within(row).getByRole('button', { name: 'Retirement: show its accounts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(table).queryByRole('link', { name: 'Self-Invested Personal Pension' })).toBeNull();
    // The joint account is in no group: a row of its own, there from the start.
    expect(within(table).getByRole('link', { name: 'Joint General Investment Account' })).toHaveAttribute('href', '/clients/analysis?id=3');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const members = ['Self-Invested Personal Pension', 'Stocks & Shares ISA'].map((name) => within(table).getByRole('link', { name }));
    expect(members.map((m) => m.getAttribute('href'))).toEqual(['/clients/analysis?id=1', '/clients/analysis?id=2']);
    expect(toggle.getAttribute('aria-controls')!.split(' ')).toEqual(members.map((m) => m.closest('tr')!.id));
    expect(within(members[1]!.closest('tr')!).getByText('£150,000.25')).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(within(table).queryByRole('link', { name: 'Stocks & Shares ISA' })).toBeNull();
  });
});
