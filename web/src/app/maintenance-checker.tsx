import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { buildUrl } from '../shared/http/request';
import { useSiteConfig } from '../shared/config/site-config-context';

/** What the health check said (spec 1 §4: "a health check runs once while unknown"). */
export type HealthState = 'unknown' | 'ok' | 'maintenance' | 'disabled';

/**
 * Asks GET xplan/health: status BAD means under maintenance; a 403 "endpoint disabled" means the
 * check is switched off for this firm (the disabled action: carry on as healthy); a failure to
 * answer at all is not taken as maintenance (unknown), so a flaky network never hides the login.
 * It remembers nothing: HealthCheckProvider keeps the answer.
 */
export async function checkHealth(fetchImpl: typeof fetch = fetch): Promise<HealthState> {
  try {
    const res = await fetchImpl(buildUrl('xplan/health'), { credentials: 'include', headers: { Accept: 'application/json' } });
    if (res.status === 403) return 'disabled';
    if (!res.ok) return 'unknown';
    const body = (await res.json()) as { status?: unknown } | null;
    return body?.status === 'BAD' ? 'maintenance' : 'ok';
  } catch {
    return 'unknown';
  }
}

interface HealthCheck {
  state: HealthState;
  /** Asks the server unless the state is known or a check is under way. */
  check(): void;
}

const HealthCheckContext = createContext<HealthCheck | null>(null);

/**
 * Owns the health state for the life of the app (the routes sit under it), so the check runs once
 * while unknown however often the anonymous routes mount, and a new app (or test) starts afresh.
 * A plain context, not a query: the login route's first load carries no query library.
 */
export function HealthCheckProvider({ children, fetchImpl }: { children: ReactNode; fetchImpl?: typeof fetch }) {
  const [state, setState] = useState<HealthState>('unknown');
  const known = useRef<HealthState>('unknown');
  const pending = useRef(false);
  const check = useCallback(() => {
    if (known.current !== 'unknown' || pending.current) return;
    pending.current = true;
    void checkHealth(fetchImpl ?? fetch).then((next) => {
      pending.current = false;
      known.current = next;
      setState(next);
    });
  }, [fetchImpl]);
  const value = useMemo(() => ({ state, check }), [state, check]);
  return <HealthCheckContext.Provider value={value}>{children}</HealthCheckContext.Provider>;
}

/** Wraps the anonymous routes: under maintenance (and when the site enables it) shows the maintenance page. */
export function MaintenanceChecker({ children }: { children: ReactNode }) {
  const { settings } = useSiteConfig();
  const health = useContext(HealthCheckContext);
  if (!health) throw new Error('MaintenanceChecker needs a HealthCheckProvider above it');
  const { state, check } = health;
  useEffect(() => {
    if (state === 'unknown') check();
  }, [state, check]);
  if (state === 'maintenance' && settings.maintenanceEnabled) return <Navigate to="/maintenance" replace />;
  return <>{children}</>;
}
