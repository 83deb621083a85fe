import { request } from '../../../shared/http';

/** POST /xplanapi/session/password: the signed-in Change Password page. */
export function changePassword(userId: number, oldPassword: string, newPassword: string): Promise<void> {
  return request<void>('session/password', {
    method: 'POST',
    body: { user_id: userId, old_password: oldPassword, new_password: newPassword },
    notify: false,
  });
}
