import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { fetchSiteConfig } from '../api/site-config';
import type { SiteConfig } from './site-config';

const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig must be used inside <SiteConfigProvider>');
  return config;
}

interface Props {
  children: ReactNode;
  loading: ReactNode;
  /** A configuration that could not be fetched or parsed: the start-up error page. */
  renderError: (retry: () => void) => ReactNode;
  /** Tests pass a configuration instead of fetching one. */
  initialConfig?: SiteConfig;
}

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; config: SiteConfig };

/**
 * The site configuration (shared/api/site-config.ts), fetched once and kept for the page's life.
 * A plain fetch, not a query: it is on the login route, which does not load TanStack Query.
 */
export function SiteConfigProvider({ children, loading, renderError, initialConfig }: Props) {
  const [loaded, setLoaded] = useState<Loaded>(() => (initialConfig ? { status: 'ready', config: initialConfig } : { status: 'loading' }));
  // Bumped by the start-up error page's retry.
  const [attempt, setAttempt] = useState(0);
  const wanted = !initialConfig;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // A transition, as the session check's answer (session-context.tsx): the routes it lets
    // through render in slices, not as one long task (issue 13).
    const answer = (next: Loaded) => live && startTransition(() => setLoaded(next));
    fetchSiteConfig().then(
      (config) => answer({ status: 'ready', config }),
      () => answer({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt]);
  const config = initialConfig ?? (loaded.status === 'ready' ? loaded.config : null);
  if (config) return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
  if (loaded.status === 'error') {
    return (
      <>
        {renderError(() => {
          setLoaded({ status: 'loading' });
          setAttempt((n) => n + 1);
        })}
      </>
    );
  }
  return <>{loading}</>;
}
