import { createContext, useContext, type ReactNode } from 'react';
import { useSiteConfigQuery } from '../api/site-config';
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

/** The site configuration (shared/api/site-config.ts), fetched once and kept for the session. */
export function SiteConfigProvider({ children, loading, renderError, initialConfig }: Props) {
  const query = useSiteConfigQuery(!initialConfig);
  const config = initialConfig ?? query.data;
  if (config) return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
  return <>{query.isError ? renderError(() => void query.refetch()) : loading}</>;
}
