import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Where the app keeps its one query client. The login route only needs the site configuration
 * and the session check, which it fetches without TanStack Query, so the client (and the library)
 * is created when the first part of the app that needs server state loads: the signed-in area or
 * the login steps (ServerStateProvider). The session clears it at logout through this holder.
 */
export interface QueryClientHolder {
  client: QueryClient | null;
}

const QueryClientHolderContext = createContext<QueryClientHolder | null>(null);

/** The holder of the app's query client; `client` is for tests that bring their own. */
export function QueryClientHolderProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [holder] = useState<QueryClientHolder>(() => ({ client: client ?? null }));
  return <QueryClientHolderContext.Provider value={holder}>{children}</QueryClientHolderContext.Provider>;
}

/** The app's query client holder; it must exist, or logout could leave a user's data behind. */
export function useQueryClientHolder(): QueryClientHolder {
  const holder = useContext(QueryClientHolderContext);
  if (!holder) throw new Error('useQueryClientHolder must be used inside <QueryClientHolderProvider>');
  return holder;
}
