import { request } from '../../../shared/http';

/** The answer of a change of method: a redirect, or a device to validate with a code. */
export type MethodChangeAnswer =
  | { redirectUrl: string }
  | { deviceId: string; mfaMethod: string; otpauthUri?: string; qrCode?: string };

/** PUT /api/tfa/method: starts a change of method (sends a code). Sent once. */
export function changeTfaMethod(mfaMethod: string): Promise<MethodChangeAnswer> {
  return request<MethodChangeAnswer>('tfa/method', { base: 'api', method: 'PUT', body: { mfaMethod }, notify: false, attempts: 1 });
}
