import { useEffect } from 'react';
import { useSession } from '../shared/session/session-context';

/**
 * Starts loading the signed-in area's code as soon as the session check says someone is signed
 * in, while the site configuration is still on its way: otherwise it waits for the configuration,
 * a round trip more before the shell can paint. Nothing is loaded for an anonymous visitor, so
 * the login route does not grow. The page's own chunk is not loaded here: evaluating it would
 * hold up the shell's first paint (measured with Lighthouse). A failed load is left to the route
 * that needs the code, which reports it (ChunkErrorBoundary).
 */
export function PreloadSignedIn() {
  const { state } = useSession();
  const role = state.status === 'signed-in' ? state.user.role_name : null;
  useEffect(() => {
    if (!role) return;
    void import('./shell/signed-in-area').catch(() => undefined);
  }, [role]);
  return null;
}
