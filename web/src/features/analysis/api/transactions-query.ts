import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchTransactionsPage, nextBookmark, TRANSACTIONS_PAGE_SIZE, type Transaction, type TransactionsScope } from './transactions-page';

/** The key of one selection's pages: a new selection or date range is a new list. */
export const transactionsKey = (entityId: number, scope: TransactionsScope) =>
  ['analysis-transactions', entityId, scope.accountIds.join(','), scope.startDate, scope.endDate] as const;

/**
 * The selection's transactions, 50 a page, the next page by the last item's bookmark. Spec 2
 * §2.3: transactions are purged and fetched again on a filter change and purged when the tab
 * unmounts. gcTime 0 does both: the list of a selection nobody shows any more (the previous
 * selection, or every list once the tab has gone) leaves the cache as soon as its last observer
 * does, so a later visit starts again from the first page and never shows stale pages.
 */
export const transactionsQuery = (entityId: number, scope: TransactionsScope) =>
  infiniteQueryOptions({
    queryKey: transactionsKey(entityId, scope),
    queryFn: ({ pageParam, signal }) => fetchTransactionsPage(scope, pageParam, TRANSACTIONS_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Transaction[]) => nextBookmark(last, TRANSACTIONS_PAGE_SIZE) ?? undefined,
    gcTime: 0,
    // Never refetched behind the user's back, which would reset the pages they loaded.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { scope: 'client' },
  });

/** The tab's transactions: every loaded page's rows in order, and the query's state. */
export function useTransactions(entityId: number, scope: TransactionsScope) {
  const query = useInfiniteQuery(transactionsQuery(entityId, scope));
  const rows = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  return { ...query, rows };
}
