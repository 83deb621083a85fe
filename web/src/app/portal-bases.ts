import type { ApiBase } from '../shared/http';

/**
 * The API base prefixes of a bundled app (the native shell serves the web build from
 * https://localhost or capacitor://localhost): every call goes to the firm's portal at
 * portalUrl, through Capacitor's native HTTP. A browser (served by the portal itself) keeps the
 * same-origin defaults: null.
 */
export function portalBases(portalUrl: string | undefined, bundled: boolean): Partial<Record<ApiBase, string>> | null {
  if (!bundled || !portalUrl) return null;
  const base = portalUrl.replace(/\/+$/, '');
  if (!/^https:\/\/|^http:\/\/(localhost|127\.0\.0\.1|10\.0\.2\.2)(:\d+)?$/.test(base)) return null;
  return { xplanapi: `${base}/xplanapi/`, api: `${base}/api/`, bff: `${base}/bff/api/`, root: `${base}/` };
}
