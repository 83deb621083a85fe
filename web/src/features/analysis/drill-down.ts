import type { DashboardAccount, DashboardAccounts } from '../portfolio/api/dashboard-accounts';
import { earliestInception } from '../portfolio/api/dashboard-data';
import type { PortfolioGrouping } from '../portfolio/portfolio-rules';

/**
 * The analysis page's drill-down (spec 2 §2.3, §4): portfolios (or account groups) → the
 * accounts of one → one account, kept in the address (`?portfolio=` or `?id=`) so the browser's
 * back button steps up again. `?id=` is what the dashboard links with: an account id or a group
 * code (spec 2 §2.2).
 */

export type Level = { kind: 'all' } | { kind: 'portfolio'; portfolioId: number } | { kind: 'group'; code: string } | { kind: 'account'; accountId: number };

export const TOP: Level = { kind: 'all' };

/** The level an address names; anything it does not name (a foreign or stale id) is the top. */
export function levelFromSearch(search: string, accounts: DashboardAccounts): Level {
  const params = new URLSearchParams(search);
  const id = params.get('id');
  if (id !== null) {
    if (/^\d+$/.test(id) && accounts.accounts.some((a) => a.accountId === Number(id))) return { kind: 'account', accountId: Number(id) };
    if (accounts.groups.some((g) => g.code === id)) return { kind: 'group', code: id };
    return TOP;
  }
  const portfolio = params.get('portfolio');
  if (portfolio !== null && /^\d+$/.test(portfolio) && accounts.accounts.some((a) => a.portfolioId === Number(portfolio))) {
    return { kind: 'portfolio', portfolioId: Number(portfolio) };
  }
  return TOP;
}

/** The address (search part) of a level. */
export function searchOf(level: Level): string {
  switch (level.kind) {
    case 'account':
      return `?id=${level.accountId}`;
    case 'group':
      return `?id=${encodeURIComponent(level.code)}`;
    case 'portfolio':
      return `?portfolio=${level.portfolioId}`;
    default:
      return '';
  }
}

/** The accounts a level covers, in the account summary's order. */
export function accountsOf(level: Level, accounts: DashboardAccounts): DashboardAccount[] {
  switch (level.kind) {
    case 'account':
      return accounts.accounts.filter((a) => a.accountId === level.accountId);
    case 'portfolio':
      return accounts.accounts.filter((a) => a.portfolioId === level.portfolioId);
    case 'group': {
      const ids = new Set(accounts.groups.find((g) => g.code === level.code)?.accountIds ?? []);
      return accounts.accounts.filter((a) => ids.has(a.accountId));
    }
    default:
      return accounts.accounts;
  }
}

/** Spec 2 §2.3: the top level's name: 'All accounts' under account-group grouping, else 'All portfolios'. */
export function topHeading(grouping: PortfolioGrouping): string {
  return grouping === 'AccountGroup' ? 'All accounts' : 'All portfolios';
}

/** Spec 2 §2.3: the selected account or group name (a portfolio's name when one is drilled into). */
export function headingOf(level: Level, accounts: DashboardAccounts, grouping: PortfolioGrouping): string {
  switch (level.kind) {
    case 'account':
      return accounts.accounts.find((a) => a.accountId === level.accountId)?.description ?? topHeading(grouping);
    case 'group':
      return accounts.groups.find((g) => g.code === level.code)?.name ?? topHeading(grouping);
    case 'portfolio':
      return accounts.portfolios.find((p) => p.portfolioId === level.portfolioId)?.name || accounts.accounts.find((a) => a.portfolioId === level.portfolioId)?.portfolioName || topHeading(grouping);
    default:
      return topHeading(grouping);
  }
}

/** The level above: an account's portfolio (or, under account-group grouping, its group). */
export function parentOf(level: Level, accounts: DashboardAccounts, grouping: PortfolioGrouping): Level | null {
  switch (level.kind) {
    case 'account': {
      if (grouping === 'AccountGroup') {
        const group = accounts.groups.find((g) => g.accountIds.includes(level.accountId));
        return group ? { kind: 'group', code: group.code } : TOP;
      }
      const portfolioId = accounts.accounts.find((a) => a.accountId === level.accountId)?.portfolioId ?? null;
      return portfolioId === null ? TOP : { kind: 'portfolio', portfolioId };
    }
    case 'group':
    case 'portfolio':
      return TOP;
    default:
      return null;
  }
}

export interface Crumb {
  label: string;
  level: Level;
}

/** Spec 2 §2.3: the breadcrumb, top first, ending with the current level. */
export function breadcrumb(level: Level, accounts: DashboardAccounts, grouping: PortfolioGrouping): Crumb[] {
  const crumbs: Crumb[] = [];
  for (let at: Level | null = level; at; at = parentOf(at, accounts, grouping)) {
    crumbs.unshift({ label: headingOf(at, accounts, grouping), level: at });
  }
  return crumbs;
}

/** Spec 2 §4: 'Since inception' starts at the earliest inception date of the selection. */
export function inceptionOf(level: Level, accounts: DashboardAccounts): string | undefined {
  return earliestInception(accountsOf(level, accounts));
}

/**
 * Spec 2 §2.3: back goes one step back in the history, or to the dashboard when there is none
 * to go back to (the page opened directly). `historyIndex` is the router's index of this entry.
 */
export function backTarget(historyIndex: number | undefined, homePath: string): -1 | string {
  return historyIndex !== undefined && historyIndex > 0 ? -1 : homePath;
}

/** The stored account filter (spec 2 §3; the dashboard writes it under coa_filter). */
export interface StoredAccountFilter {
  accountIds: number[];
  key: string;
  heading: string;
  portfolioId: number | null;
}

/** The filter stored for a level (spec 2 §2.2 persistence), null at the top. */
export function filterOf(level: Level, accounts: DashboardAccounts, grouping: PortfolioGrouping): StoredAccountFilter | null {
  if (level.kind === 'all') return null;
  const selected = accountsOf(level, accounts);
  const key = level.kind === 'account' ? String(level.accountId) : level.kind === 'group' ? level.code : `portfolio:${level.portfolioId}`;
  return {
    accountIds: selected.map((a) => a.accountId),
    key,
    heading: headingOf(level, accounts, grouping),
    portfolioId: level.kind === 'portfolio' ? level.portfolioId : level.kind === 'account' ? (selected[0]?.portfolioId ?? null) : null,
  };
}

/** The level a stored filter names (its key, as the dashboard writes it: an account id or a group code). */
export function levelOfFilter(filter: StoredAccountFilter, accounts: DashboardAccounts): Level {
  const portfolio = /^portfolio:(\d+)$/.exec(filter.key);
  if (portfolio) return levelFromSearch(`?portfolio=${portfolio[1]}`, accounts);
  return levelFromSearch(`?id=${encodeURIComponent(filter.key)}`, accounts);
}
