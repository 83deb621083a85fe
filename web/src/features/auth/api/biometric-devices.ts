import { request } from '../../../shared/http';

/** A device set up for biometric login. */
export interface BiometricDevice {
  device_id: string;
  device_name: string;
  created_at: string;
  last_used_at: string | null;
}

/** GET /api/biometric/devices */
export function fetchBiometricDevices(): Promise<BiometricDevice[]> {
  return request<BiometricDevice[]>('biometric/devices', { base: 'api', notify: false });
}

/** DELETE /api/biometric/devices/{id} */
export function removeBiometricDevice(deviceId: string): Promise<void> {
  return request<void>(`biometric/devices/${encodeURIComponent(deviceId)}`, { base: 'api', method: 'DELETE', notify: false });
}
