import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchSessionUser } from './session-api';
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
   * server (shared/session/session-api.ts endSession), in the same tick as the navigation away.
   */
  clear(): void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const api = useContext(SessionContext);
  if (!api) throw new Error('useSession must be used inside <SessionProvider>');
  return api;
}

/** Checks the session once on load; login and logout update it. */
export function SessionProvider({ children, initialState }: { children: ReactNode; initialState?: SessionState }) {
  const [state, setState] = useState<SessionState>(initialState ?? { status: 'checking' });

  useEffect(() => {
    if (state.status !== 'checking') return undefined;
    let active = true;
    fetchSessionUser().then(
      (user) => active && setState(user ? { status: 'signed-in', user } : { status: 'anonymous' }),
      // Server unreachable: the login page is the useful place to be; its own call will report it.
      () => active && setState({ status: 'anonymous' }),
    );
    return () => {
      active = false;
    };
  }, [state.status]);

  const signIn = useCallback((user: SessionUser) => setState({ status: 'signed-in', user }), []);
  const clear = useCallback(() => setState({ status: 'anonymous' }), []);

  const api = useMemo<SessionApi>(
    () => ({ state, user: state.status === 'signed-in' ? state.user : null, signIn, clear }),
    [state, signIn, clear],
  );
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}
