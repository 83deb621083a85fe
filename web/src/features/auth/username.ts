/**
 * Username handling before login (spec 1 §5).
 * - Adviser tab: a username without the "@client" suffix gets it appended (case-insensitive check,
 *   so "jo@CLIENT" is not suffixed twice).
 * - Client tab: the spec says a helper transforms the username but does not show its rule. We only
 *   trim surrounding white space (a common copy-and-paste slip); case and inner characters are
 *   kept, because the platform decides whether usernames are case-sensitive.
 */
export type LoginTab = 'client' | 'adviser';

export const ADVISER_SUFFIX = '@client';

export function prepareUsername(raw: string, tab: LoginTab): string {
  const username = raw.trim();
  if (tab === 'client' || username === '') return username;
  return username.toLowerCase().endsWith(ADVISER_SUFFIX) ? username : `${username}${ADVISER_SUFFIX}`;
}
