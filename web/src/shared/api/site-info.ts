import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../http';
import { parseAnswer } from '../http/parse-answer';

/** GET /xplanapi/site: the fields the app reads (the platform version, for the answer minimum). */
export const siteInfoSchema = z.looseObject({
  version: z.nullish(z.string()),
  site_locales: z.nullish(z.array(z.string())),
});

export type SiteInfo = z.output<typeof siteInfoSchema>;

/** The platform version, or null when the platform does not say (or cannot be asked). */
export async function fetchPlatformVersion(): Promise<string | null> {
  try {
    const site = parseAnswer(siteInfoSchema, await request<unknown>('site', { notify: false }), 'GET site');
    return site.version ?? null;
  } catch {
    return null;
  }
}

/** The firm's platform version: the same for everyone, asked once. */
export const platformVersionQuery = () =>
  queryOptions({ queryKey: ['platform-version'], queryFn: fetchPlatformVersion, staleTime: Infinity, meta: { scope: 'portal' } });

/** The platform version; null when unknown, undefined while it loads. */
export function usePlatformVersion(): string | null | undefined {
  return useQuery(platformVersionQuery()).data;
}
