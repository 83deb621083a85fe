import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clearUserQueries, useClearQueriesOnClientChange } from '../api/query-client';
import { useSessionUserQuery } from '../api/session';
import type { SessionUser } from './session-user';

export type SessionState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'signed-in'; user: SessionUser };

interface SessionApi {
  state: SessionState;
  user: SessionUser | null;
  signIn(user: SessionUser): void;
  /**
   * Forgets the user locally: after a lost session, or after logout has ended the session on the
   * server (shared/api/session.ts endSession), in the same tick as the navigation away. Every
   * query but the portal's own (site configuration) is cleared with it.
   */
  clear(): void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const api = useContext(SessionContext);
  if (!api) throw new Error('useSession must be used inside <SessionProvider>');
  return api;
}

/**
 * Checks the session once on load (the session/user query); login and logout then decide it.
 * Also clears the client's queries when an adviser's client in context changes.
 */
export function SessionProvider({ children, initialState }: { children: ReactNode; initialState?: SessionState }) {
  const queryClient = useQueryClient();
  // Set by login, logout or a test; until then the session check answers.
  const [decided, setDecided] = useState<SessionState | null>(initialState ?? null);
  const check = useSessionUserQuery(decided === null);
  useClearQueriesOnClientChange();

  const { data: checked, isSuccess, isError } = check;
  const state = useMemo<SessionState>(() => {
    if (decided) return decided;
    if (checked) return { status: 'signed-in', user: checked };
    // Not signed in, or the server unreachable: the login page is the useful place to be; its own
    // call will report a failure.
    if (isSuccess || isError) return { status: 'anonymous' };
    return { status: 'checking' };
  }, [decided, checked, isSuccess, isError]);

  const signIn = useCallback((user: SessionUser) => setDecided({ status: 'signed-in', user }), []);
  const clear = useCallback(() => {
    setDecided({ status: 'anonymous' });
    clearUserQueries(queryClient);
  }, [queryClient]);

  const user = state.status === 'signed-in' ? state.user : null;
  const api = useMemo<SessionApi>(() => ({ state, user, signIn, clear }), [state, user, signIn, clear]);
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}
