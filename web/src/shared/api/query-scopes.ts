import type { Query, QueryClient } from '@tanstack/react-query';

// Type imports only: the session (on the login route) clears the cache through these, and the
// login route never loads TanStack Query itself (web/README.md, "Login route budget").

/**
 * Whose data a query holds, in its `meta.scope` (default "client"):
 * - portal: the firm's, the same for everyone (platform version, health); never cleared;
 * - user: the signed-in user's own (toggles, second factor, login profile); cleared at logout;
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
