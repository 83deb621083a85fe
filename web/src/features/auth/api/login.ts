import { request } from '../../../shared/http';
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
 * POST /xplanapi/auth/login. Errors are shown inline on the login form, so the global toast
 * handler is not involved (notify: false). Never retried: see shared/http/request.ts.
 */
export function login(credentials: Credentials): Promise<LoginResponse> {
  return request<LoginResponse>('auth/login', { method: 'POST', body: credentials, notify: false });
}
