import { request } from '../../../shared/http';
import { loadChunk } from '../../../shared/lazy/lazy-chunk';
import type { SessionUser } from '../../../shared/session/session-user';

/** loginStatus values of spec 1 §3 that the server sends (docs/api-contract.md, issue 4). */
export type LoginStatus =
  | 'LoginSuccess'
  | 'ForceChangePassword'
  | 'SiteTerms'
  | 'SetSecurityQuestions'
  | 'MfaRequired'
  | 'MfaEnrolmentLinkDevice'
  | 'MfaEnrolmentValidateDevice'
  | 'MfaEnrolmentLinkDeviceInvalidOtp';

export interface SiteTermsText {
  heading: string;
  disclaimer: string;
}

/** The answer of auth/login and auth/tfa/validate. */
export interface LoginResponse {
  loginStatus: LoginStatus | (string & {});
  additionalLoginSteps?: string[];
  user?: SessionUser;
  mfaMethod?: string;
  tfaMethods?: string[];
  deviceEnrolled?: boolean;
  siteTerms?: SiteTermsText;
}

export interface Credentials {
  username: string;
  password: string;
}

/**
 * The login answer's schema (login-answer.ts), loaded on demand: this file is on the login route's
 * first load, the schema and zod are not. A plain fetcher, no TanStack mutation: a login is not
 * cached server state.
 */
export function loadLoginAnswerSchema() {
  const schema = loadChunk(() => import('./login-answer'));
  // Observed at once, so a failed load never surfaces as an unhandled rejection when the request
  // fails first; awaiting it later still throws.
  schema.catch(() => undefined);
  return schema;
}

/**
 * POST /xplanapi/auth/login. Errors are shown inline on the login form, so the global toast
 * handler is not involved (notify: false). Never retried: see shared/http/request.ts. The answer
 * is parsed (UnexpectedAnswerError on a mismatch); the schema loads while the request is under way.
 */
export async function login(credentials: Credentials): Promise<LoginResponse> {
  const schema = loadLoginAnswerSchema();
  const answer = await request<unknown>('auth/login', { method: 'POST', body: credentials, notify: false });
  return (await schema).parseLoginAnswer(answer, 'POST auth/login');
}
