import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dashboardAccountsQuery, type DashboardAccounts } from '../portfolio/api/dashboard-accounts';
import { withoutAccountsWithoutTransactions } from './accounts-shown';
import { accountActivityQuery } from './api/account-activity';

/**
 * The analysis page's accounts: the dashboard's first batch (cached when the dashboard was
 * seen), less the accounts without transactions unless the site allows them (spec 2 §5). Which
 * accounts have any comes in one call made beside the batch, not one per account; should it
 * fail, every account shows (the rule tidies the lists, it protects nothing). data stays
 * undefined until both have answered, so the page never shows a list that then shrinks.
 */
export function useAnalysisAccounts(entityId: number, enabled: boolean, allowWithoutTransactions: boolean): { data: DashboardAccounts | undefined; isError: boolean } {
  const accounts = useQuery({ ...dashboardAccountsQuery(entityId), enabled });
  const hide = !allowWithoutTransactions;
  const activity = useQuery({ ...accountActivityQuery(entityId), enabled: enabled && hide });
  const withTransactions = hide ? activity.data : undefined;
  const settled = !hide || activity.data !== undefined || activity.isError;
  const data = useMemo(
    () => (accounts.data && settled ? (withTransactions ? withoutAccountsWithoutTransactions(accounts.data, withTransactions) : accounts.data) : undefined),
    [accounts.data, settled, withTransactions],
  );
  return { data, isError: accounts.isError };
}
