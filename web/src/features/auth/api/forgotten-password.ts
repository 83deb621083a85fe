import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';

/** POST /xplanapi/forgotten_password: asks for a reset code (emailed when the username exists). */
export function requestResetCode(username: string): Promise<void> {
  return request<void>('forgotten_password', { method: 'POST', body: { user_id: username }, notify: false });
}

/** GET /xplanapi/forgotten_password: the user's security questions (none set: empty or absent). */
export const resetQuestionsSchema = z.object({ questions: z.nullish(z.array(z.string())) });

/**
 * GET /xplanapi/forgotten_password: checks the code and returns the security questions. The help
 * page is a lazy chunk, so its schema is not on the login route. UnexpectedAnswerError on a mismatch.
 */
export async function checkResetCode(username: string, resetCode: string): Promise<string[]> {
  const answer = await request<unknown>('forgotten_password', {
    query: { user_id: username, reset_code: resetCode },
    notify: false,
    attempts: 1,
  });
  const { questions } = parseAnswer(resetQuestionsSchema, answer ?? {}, 'GET forgotten_password');
  return (questions ?? []).filter((question) => question.trim() !== '');
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
