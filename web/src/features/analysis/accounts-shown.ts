import type { DashboardAccounts } from '../portfolio/api/dashboard-accounts';

/**
 * Spec 2 §5 (and spec 3 §5): "Accounts without transactions are hidden unless allowed". On the
 * analysis page an account that has never had a transaction is left out of every account list
 * (the drill-down, the Accounts tab's tables, the accounts the Investments, Allocation and
 * Transactions tabs cover) unless the site allows it
 * (settings.analysis.showAccountsWithoutTransactions). An account group keeps its other
 * accounts; a portfolio whose accounts are all left out goes with them.
 */
export function withoutAccountsWithoutTransactions(accounts: DashboardAccounts, withTransactions: ReadonlySet<number>): DashboardAccounts {
  const kept = (a: { accountId: number }) => withTransactions.has(a.accountId);
  const shown = accounts.accounts.filter(kept);
  const portfoliosBefore = new Set(accounts.accounts.map((a) => a.portfolioId));
  const portfoliosAfter = new Set(shown.map((a) => a.portfolioId));
  return {
    ...accounts,
    accounts: shown,
    my: accounts.my.filter(kept),
    linked: accounts.linked.filter(kept),
    groups: accounts.groups.map((g) => ({ ...g, accountIds: g.accountIds.filter((id) => withTransactions.has(id)) })),
    portfolios: accounts.portfolios.filter((p) => !portfoliosBefore.has(p.portfolioId) || portfoliosAfter.has(p.portfolioId)),
  };
}
