import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../http/api-error';
import { clientInContextStore } from '../session/client-in-context';
import { clearClientQueries } from './query-scopes';

export { clearClientQueries, clearUserQueries, type QueryScope } from './query-scopes';

/**
 * The app's query client: one per app, created by the first part of the app that needs server
 * state (ServerStateProvider), none at module level.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The request helper already retries idempotent calls (spec 1 §7); do not multiply them.
        retry: false,
        staleTime: 60_000,
        refetchOnWindowFocus: (query) => !isApiError(query.state.error),
      },
    },
  });
}

/** Clears the client's queries whenever the adviser's client in context changes (or is cleared). */
export function useClearQueriesOnClientChange(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let current = clientInContextStore.get()?.entity_id ?? null;
    return clientInContextStore.subscribe(() => {
      const next = clientInContextStore.get()?.entity_id ?? null;
      if (next === current) return;
      current = next;
      clearClientQueries(queryClient);
    });
  }, [queryClient]);
}
