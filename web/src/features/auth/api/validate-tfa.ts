import { request } from '../../../shared/http';
import type { LoginResponse } from './login';

export interface TfaValidation {
  username: string;
  password: string;
  method: string;
  code: string;
}

/** POST /xplanapi/auth/tfa/validate: the BFF joins code and password for the platform. */
export function validateTfa(body: TfaValidation): Promise<LoginResponse> {
  return request<LoginResponse>('auth/tfa/validate', {
    method: 'POST',
    body: { ...body, loginOnSuccess: true },
    notify: false,
  });
}
