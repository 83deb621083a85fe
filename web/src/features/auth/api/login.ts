import { request } from '../../../shared/http';
import type { SessionUser } from '../../../shared/session/session-user';

export type LoginResponse =
  | { loginStatus: 'LoginSuccess'; user: SessionUser }
  | { loginStatus: 'MfaRequired'; mfaMethod: string; tfaMethods: string[] }
  | { loginStatus: string; user?: SessionUser; mfaMethod?: string; tfaMethods?: string[] };

/**
 * POST /xplanapi/auth/login. Errors are shown inline on the login form, so the global toast
 * handler is not involved (notify: false). Never retried: see shared/http/request.ts.
 */
export function login(credentials: { username: string; password: string }): Promise<LoginResponse> {
  return request<LoginResponse>('auth/login', { method: 'POST', body: credentials, notify: false });
}
