import { request } from '../../../shared/http';
import type { LoginResponse } from './login';
import { parseLoginAnswer } from './login-answer';

export interface TfaValidation {
  username: string;
  password: string;
  method: string;
  code: string;
  /** Set when validating a device being enrolled: the answer is then not a login. */
  deviceId?: string;
}

/**
 * POST /xplanapi/auth/tfa/validate: the BFF joins code and password for the platform. It answers
 * like a login (parsed; UnexpectedAnswerError on a mismatch). Only the lazy code and enrolment
 * views call it, so its schema may load with it.
 */
export async function validateTfa({ deviceId, ...body }: TfaValidation): Promise<LoginResponse> {
  const answer = await request<unknown>('auth/tfa/validate', {
    method: 'POST',
    body: deviceId ? { ...body, device_id: deviceId, loginOnSuccess: false } : { ...body, loginOnSuccess: true },
    notify: false,
  });
  return parseLoginAnswer(answer, 'POST auth/tfa/validate');
}
