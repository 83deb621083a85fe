import { request } from '../../../shared/http';
import type { Credentials } from './login';

/** A device being enrolled: the code was sent (sms, email) or the app is to be set up (token). */
export interface DeviceEnrolment {
  deviceId: string;
  method: string;
  /** token only: the otpauth:// URI and the same as a data:image/png QR code. */
  otpauthUri?: string;
  qrCode?: string;
}

/** POST /xplanapi/auth/tfa/device: enrols a second-factor device during login. */
export function enrolDevice(credentials: Credentials, method: string): Promise<DeviceEnrolment> {
  return request<DeviceEnrolment>('auth/tfa/device', { method: 'POST', body: { ...credentials, method }, notify: false });
}
