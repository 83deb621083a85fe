import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dashboardAccountsQuery } from '../../portfolio';

/**
 * The names of the client's accounts for the holdings screens' sections and rows. The same
 * query as the dashboard's and the analysis page's accounts (one key), so it is read from the
 * cache and never asked for twice; until it arrives an account is named by its id.
 */
export function useAccountNames(entityId: number): ReadonlyMap<number, string> {
  const accounts = useQuery(dashboardAccountsQuery(entityId));
  return useMemo(() => new Map((accounts.data?.accounts ?? []).map((a) => [a.accountId, a.description])), [accounts.data]);
}
