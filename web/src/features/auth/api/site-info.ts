import { request } from '../../../shared/http';

export interface SiteInfo {
  version?: string;
  site_locales?: string[];
}

/** GET /xplanapi/site: the platform version (for the security-answer minimum). Null on failure. */
export async function fetchPlatformVersion(): Promise<string | null> {
  try {
    const site = await request<SiteInfo>('site', { notify: false });
    return site?.version ?? null;
  } catch {
    return null;
  }
}
