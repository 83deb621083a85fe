import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';
import type { Credentials } from './login';

/** A device being enrolled: the code was sent (sms, email) or the app is to be set up (token). */
export interface DeviceEnrolment {
  deviceId: string;
  method: string;
  /** token only: the otpauth:// URI and the same as a data:image/png QR code. */
  otpauthUri?: string;
  qrCode?: string;
}

/** The answer of auth/tfa/device (docs/api-contract.md): a device id is required, the rest optional. */
export const deviceEnrolmentSchema = z.object({
  loginStatus: z.nullish(z.string()),
  deviceId: z.string().check(z.minLength(1)),
  method: z.nullish(z.string()),
  otpauthUri: z.nullish(z.string()),
  qrCode: z.nullish(z.string()),
});

/**
 * POST /xplanapi/auth/tfa/device: enrols a second-factor device during login. Only the lazy login
 * steps call it. The answer is parsed (UnexpectedAnswerError on a mismatch); a missing method is
 * the one asked for.
 */
export async function enrolDevice(credentials: Credentials, method: string): Promise<DeviceEnrolment> {
  const answer = parseAnswer(
    deviceEnrolmentSchema,
    await request<unknown>('auth/tfa/device', { method: 'POST', body: { ...credentials, method }, notify: false }),
    'POST auth/tfa/device',
  );
  const enrolment: DeviceEnrolment = { deviceId: answer.deviceId, method: answer.method || method };
  if (answer.otpauthUri) enrolment.otpauthUri = answer.otpauthUri;
  if (answer.qrCode) enrolment.qrCode = answer.qrCode;
  return enrolment;
}
