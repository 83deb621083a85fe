import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { buildUrl } from '../shared/http/request';
import { useSiteConfig } from '../shared/config/site-config-context';

/** What the health check said (spec 1 §4: "a health check runs once while unknown"). */
export type HealthState = 'unknown' | 'ok' | 'maintenance' | 'disabled';

let known: HealthState = 'unknown';

/**
 * Asks GET xplan/health once: status BAD means under maintenance; a 403 "endpoint disabled"
 * means the check is switched off for this firm (the disabled action: carry on as healthy);
 * a failure to answer at all is not taken as maintenance, so a flaky network never hides the login.
 */
export async function checkHealth(fetchImpl: typeof fetch = fetch): Promise<HealthState> {
  if (known !== 'unknown') return known;
  try {
    const res = await fetchImpl(buildUrl('xplan/health'), { credentials: 'include', headers: { Accept: 'application/json' } });
    if (res.status === 403) {
      known = 'disabled';
    } else if (res.ok) {
      const body = (await res.json()) as { status?: string };
      known = body.status === 'BAD' ? 'maintenance' : 'ok';
    } else {
      return 'unknown';
    }
  } catch {
    return 'unknown';
  }
  return known;
}

/** Wraps the anonymous routes: under maintenance (and when the site enables it) shows the maintenance page. */
export function MaintenanceChecker({ children }: { children: ReactNode }) {
  const { settings } = useSiteConfig();
  const [state, setState] = useState<HealthState>(known);
  useEffect(() => {
    let live = true;
    if (state === 'unknown') void checkHealth().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [state]);
  if (state === 'maintenance' && settings.maintenanceEnabled) return <Navigate to="/maintenance" replace />;
  return <>{children}</>;
}
