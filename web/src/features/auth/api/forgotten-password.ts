import { request } from '../../../shared/http';

/** POST /xplanapi/forgotten_password: asks for a reset code (emailed when the username exists). */
export function requestResetCode(username: string): Promise<void> {
  return request<void>('forgotten_password', { method: 'POST', body: { user_id: username }, notify: false });
}

/** GET /xplanapi/forgotten_password: checks the code and returns the security questions. */
export async function checkResetCode(username: string, resetCode: string): Promise<string[]> {
  const answer = await request<{ questions?: string[] } | undefined>('forgotten_password', {
    query: { user_id: username, reset_code: resetCode },
    notify: false,
    attempts: 1,
  });
  return (answer?.questions ?? []).filter((question) => question.trim() !== '');
}

export interface PasswordReset {
  username: string;
  resetCode: string;
  newPassword: string;
  answers: string[];
}

/** PUT /xplanapi/forgotten_password: sets the new password. Sent once: a code is single-use. */
export function resetPassword({ username, resetCode, newPassword, answers }: PasswordReset): Promise<void> {
  return request<void>('forgotten_password', {
    method: 'PUT',
    body: { user_id: username, reset_code: resetCode, new_password: newPassword, answers },
    notify: false,
    attempts: 1,
  });
}
