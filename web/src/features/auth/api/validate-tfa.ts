import { request } from '../../../shared/http';
import type { LoginResponse } from './login';

export interface TfaValidation {
  username: string;
  password: string;
  method: string;
  code: string;
  /** Set when validating a device being enrolled: the answer is then not a login. */
  deviceId?: string;
}

/** POST /xplanapi/auth/tfa/validate: the BFF joins code and password for the platform. */
export function validateTfa({ deviceId, ...body }: TfaValidation): Promise<LoginResponse> {
  return request<LoginResponse>('auth/tfa/validate', {
    method: 'POST',
    body: deviceId ? { ...body, device_id: deviceId, loginOnSuccess: false } : { ...body, loginOnSuccess: true },
    notify: false,
  });
}
