import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { request } from '../http';
import { normaliseSiteConfig, type SiteConfig } from './site-config';

const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig must be used inside <SiteConfigProvider>');
  return config;
}

export async function fetchSiteConfig(): Promise<SiteConfig> {
  // no-cache: the file can be replaced on the server without a rebuild.
  const raw = await request<unknown>('site-config.json', { base: 'root', notify: false, headers: { 'Cache-Control': 'no-cache' } });
  return normaliseSiteConfig(raw);
}

interface Props {
  children: ReactNode;
  loading: ReactNode;
  renderError: (retry: () => void) => ReactNode;
  /** Tests pass a configuration instead of fetching one. */
  initialConfig?: SiteConfig;
}

/** Fetches the site configuration once and keeps it for the session. */
export function SiteConfigProvider({ children, loading, renderError, initialConfig }: Props) {
  const [config, setConfig] = useState<SiteConfig | null>(initialConfig ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (config) return undefined;
    let active = true;
    fetchSiteConfig().then(
      (loaded) => active && setConfig(loaded),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [config, attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  if (config) return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
  return <>{failed ? renderError(retry) : loading}</>;
}
