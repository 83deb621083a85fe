import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient, useClearQueriesOnClientChange } from './query-client';
import { useQueryClientHolder } from './query-client-holder';

/**
 * Gives the parts of the app that use server state (the signed-in area, the login steps) the
 * app's one query client, creating it on first use. Lives in their lazy chunks, so TanStack Query
 * never loads on the login route.
 */
export function ServerStateProvider({ children }: { children: ReactNode }) {
  const holder = useQueryClientHolder();
  // Created once per app, like a ref's lazy initial value; every provider shares it.
  holder.client ??= createQueryClient();
  return (
    <QueryClientProvider client={holder.client}>
      <ClearOnClientChange />
      {children}
    </QueryClientProvider>
  );
}

function ClearOnClientChange() {
  useClearQueriesOnClientChange();
  return null;
}
