import { QueryClient, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../http/api-error';
import { clientInContextStore } from '../session/client-in-context';

/**
 * Whose data a query holds, in its `meta.scope` (default "client"):
 * - portal: the firm's, the same for everyone (site configuration, health); never cleared;
 * - user: the signed-in user's own (session user, toggles, second factor); cleared at logout;
 * - client: the client being viewed (their record, portfolios, documents); cleared at logout and
 *   whenever an adviser's client in context changes, so one client's data never shows for another.
 */
export type QueryScope = 'portal' | 'user' | 'client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { scope?: QueryScope };
  }
}

const scopeOf = (query: Query): QueryScope => query.meta?.scope ?? 'client';

/** The app's query client: one per app (App creates it), none at module level. */
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

/** Logout or a lost session: everything but the portal's own data goes. */
export function clearUserQueries(client: QueryClient): void {
  client.cancelQueries({ predicate: (query) => scopeOf(query) !== 'portal' }).catch(() => undefined);
  client.removeQueries({ predicate: (query) => scopeOf(query) !== 'portal' });
  client.getMutationCache().clear();
}

/** Another client in context: the previous client's data goes; the user's own stays. */
export function clearClientQueries(client: QueryClient): void {
  client.cancelQueries({ predicate: (query) => scopeOf(query) === 'client' }).catch(() => undefined);
  client.removeQueries({ predicate: (query) => scopeOf(query) === 'client' });
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
