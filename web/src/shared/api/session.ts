import * as z from 'zod/mini';
import { ApiError, request } from '../http';
import { parseAnswer } from '../http/parse-answer';
import type { SessionUser } from '../session/session-user';

const choice = z.object({ code: z.string(), description: z.string() });

/**
 * GET session/user as the app relies on it (docs/api-contract.md, SessionUser). Names and
 * dates may be null; a list the server sends as null is an empty list.
 */
export const sessionUserSchema = z.object({
  id: z.number(),
  entity_id: z.number(),
  role_name: z.enum(['ClientUser', 'User']),
  entity_name: z.string(),
  display_name: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  preferred_name: z.nullable(z.string()),
  locale: z.string(),
  region: z.string(),
  user_timezone: z.nullable(z.string()),
  last_login: z.nullable(z.string()),
  partner_entity_id: z.nullable(z.number()),
  partners_display_name: z.nullable(z.string()),
  preferred_currency: z.string(),
  client_access_level: z.nullable(choice),
  method: z.enum(['password', 'Mfa']),
  tfaMethods: z.nullable(z.array(z.string())),
  login_profile_id: z.optional(z.nullable(z.number())),
});

/** Parses a session user (session/user, and the user inside login answers). */
export function parseSessionUser(value: unknown, call = 'GET session/user'): SessionUser {
  const user = parseAnswer(sessionUserSchema, value, call);
  return { ...user, tfaMethods: user.tfaMethods ?? [] };
}

/**
 * Asked with this header, the portal answers "not signed in" as 200 {"authenticated":false}
 * instead of the spec's 401, so an anonymous visit logs no failed request (docs/api-contract.md).
 */
export const SESSION_PROBE_HEADER = 'X-Session-Probe';

const anonymousSchema = z.object({ authenticated: z.literal(false) });

/**
 * GET /xplanapi/session/user as a probe (SESSION_PROBE_HEADER). "Not signed in" is a normal
 * answer here: {"authenticated":false}, or a 401 or 403 from a portal that does not know the
 * probe, so the call never reaches the global handler (no lost-session redirect, no toast).
 * Asked once per page load by SessionProvider, and after the last login step, without TanStack
 * Query (the login route does not load it).
 */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  let answer: unknown;
  try {
    answer = await request<unknown>('session/user', { notify: false, headers: { [SESSION_PROBE_HEADER]: '1' } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
  if (anonymousSchema.safeParse(answer).success) return null;
  return parseSessionUser(answer);
}

/** DELETE /xplanapi/session. A 401 means the session had already gone, which is what we want. */
export async function endSession(): Promise<void> {
  try {
    await request('session', { method: 'DELETE', notify: false, attempts: 1 });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}
