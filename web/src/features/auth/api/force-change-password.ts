import { request } from '../../../shared/http';
import type { Credentials } from './login';

/** POST /xplanapi/auth/password: the ForceChangePassword login step. */
export function forceChangePassword(credentials: Credentials, newPassword: string): Promise<void> {
  return request<void>('auth/password', {
    method: 'POST',
    body: { username: credentials.username, password: credentials.password, new_password: newPassword },
    notify: false,
  });
}
