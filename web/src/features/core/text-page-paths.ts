/**
 * Where each text page lives. The cookie policy has one address, the spec's /core/cookie-policy
 * (spec 1 §2 "Cookie notice"); its configured segment and /pages/cookie-policy redirect there.
 */
export const COOKIE_POLICY_SEGMENT = 'cookie-policy';
export const COOKIE_POLICY_PATH = '/core/cookie-policy';

/** The address of the text page with this configured segment. */
export function textPagePath(segment: string): string {
  return segment === COOKIE_POLICY_SEGMENT ? COOKIE_POLICY_PATH : `/${segment}`;
}
