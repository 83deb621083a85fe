import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClientHolder } from '../api/query-client-holder';
import { clearUserQueries } from '../api/query-scopes';
import { fetchSessionUser } from '../api/session';
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
 * Checks the session once on load (GET session/user, a plain fetch: the login route does not load
 * TanStack Query); login and logout then decide it. clear() also empties the app's query cache
 * (all but the portal's own queries), when the signed-in area or the login steps have created it.
 */
export function SessionProvider({ children, initialState }: { children: ReactNode; initialState?: SessionState }) {
  const holder = useQueryClientHolder();
  // Set by login, logout or a test; until then the session check answers.
  const [decided, setDecided] = useState<SessionState | null>(initialState ?? null);
  const [checked, setChecked] = useState<SessionState | null>(null);
  const needCheck = initialState === undefined;
  useEffect(() => {
    if (!needCheck) return;
    let live = true;
    // The answer's render is a transition: it mounts whole routes (the login page, the signed-in
    // area), which React then renders in slices rather than as one long task (issue 13).
    const answer = (next: SessionState) => live && startTransition(() => setChecked(next));
    fetchSessionUser().then(
      (user) => answer(user ? { status: 'signed-in', user } : { status: 'anonymous' }),
      // The server unreachable: the login page is the useful place to be; its own call will
      // report a failure.
      () => answer({ status: 'anonymous' }),
    );
    return () => {
      live = false;
    };
  }, [needCheck]);

  const state = useMemo<SessionState>(() => decided ?? checked ?? { status: 'checking' }, [decided, checked]);

  const signIn = useCallback((user: SessionUser) => setDecided({ status: 'signed-in', user }), []);
  const clear = useCallback(() => {
    setDecided({ status: 'anonymous' });
    if (holder.client) clearUserQueries(holder.client);
  }, [holder]);

  const user = state.status === 'signed-in' ? state.user : null;
  const api = useMemo<SessionApi>(() => ({ state, user, signIn, clear }), [state, user, signIn, clear]);
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}
