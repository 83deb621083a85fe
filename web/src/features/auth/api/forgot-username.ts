import { request } from '../../../shared/http';

/** POST /xplanapi/forgot/username: emails the username. `dob` is YYYY-MM-DD. */
export function forgotUsername(email: string, dob: string): Promise<void> {
  return request<void>('forgot/username', {
    method: 'POST',
    body: { preferred_email: email, role_type: 'client', dob },
    notify: false,
  });
}
