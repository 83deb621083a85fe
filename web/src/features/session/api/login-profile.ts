import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';

/** The login profile's inactivity timeout: minutes as a number or a numeric string, or none. */
export const loginProfileSchema = z.looseObject({
  id: z.optional(z.number()),
  inactive_session_timeout_client: z.nullish(z.union([z.number(), z.string()])),
});

/**
 * GET /xplanapi/sysadmin/loginsetting/login_profile/{id}: the inactivity timeout in minutes, or null
 * when there is none. A 403 or 404 is ignored (spec 1 §4); so is any other failure, and an answer
 * of another shape: the configured times apply then.
 */
export async function fetchSessionTimeoutMinutes(profileId: number): Promise<number | null> {
  try {
    const answer = await request<unknown>(`sysadmin/loginsetting/login_profile/${profileId}`, { notify: false });
    const profile = parseAnswer(loginProfileSchema, answer ?? {}, 'GET sysadmin/loginsetting/login_profile');
    const minutes = Number(profile.inactive_session_timeout_client);
    return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
  } catch {
    return null;
  }
}

/** The user's login profile timeout, once per login. */
export const sessionTimeoutQuery = (profileId: number) =>
  queryOptions({
    queryKey: ['login-profile', profileId],
    queryFn: () => fetchSessionTimeoutMinutes(profileId),
    staleTime: Infinity,
    meta: { scope: 'user' },
  });

/** The profile's timeout in minutes; null when there is none or while it loads. */
export function useSessionTimeoutMinutes(profileId: number): number | null {
  return useQuery(sessionTimeoutQuery(profileId)).data ?? null;
}
