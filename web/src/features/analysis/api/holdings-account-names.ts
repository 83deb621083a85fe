import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dashboardAccountsQuery, type DashboardAccount } from '../../portfolio';

/**
 * The names of the accounts, one per account id. Two accounts of the same description (her SIPP
 * and her partner's) would be two identical headings, which neither a sighted user nor a screen
 * reader can tell apart (axe: landmark-unique): those get their portfolio's name in brackets.
 */
export function distinctAccountNames(accounts: readonly Pick<DashboardAccount, 'accountId' | 'description' | 'portfolioName'>[]): Map<number, string> {
  const uses = new Map<string, number>();
  for (const a of accounts) uses.set(a.description, (uses.get(a.description) ?? 0) + 1);
  return new Map(accounts.map((a) => [a.accountId, uses.get(a.description)! > 1 && a.portfolioName ? `${a.description} (${a.portfolioName})` : a.description]));
}

/**
 * The names of the client's accounts for the holdings screens' sections and rows. The same
 * query as the dashboard's and the analysis page's accounts (one key), so it is read from the
 * cache and never asked for twice; until it arrives an account is named by its id.
 */
export function useAccountNames(entityId: number): ReadonlyMap<number, string> {
  const accounts = useQuery(dashboardAccountsQuery(entityId));
  return useMemo(() => distinctAccountNames(accounts.data?.accounts ?? []), [accounts.data]);
}
