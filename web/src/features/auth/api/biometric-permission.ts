import { request } from '../../../shared/http';

export type BiometricPermission = 0 | 1;

/** GET /api/biometric/permission */
export async function fetchBiometricPermission(): Promise<BiometricPermission> {
  const answer = await request<{ permission?: number } | undefined>('biometric/permission', { base: 'api', notify: false });
  return answer?.permission === 1 ? 1 : 0;
}

/** PUT /api/biometric/permission */
export async function saveBiometricPermission(permission: BiometricPermission): Promise<void> {
  await request('biometric/permission', { base: 'api', method: 'PUT', body: { permission }, notify: false });
}
