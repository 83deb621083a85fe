import { request } from '../../../shared/http';

/** POST /api/tfa/validate: true when the device is linked (result "device_linked"). */
export async function validateTfaDevice(body: { mfaMethod: string; mfaCode: string; deviceId: string }): Promise<boolean> {
  const answer = await request<{ result?: string } | undefined>('tfa/validate', { base: 'api', method: 'POST', body, notify: false });
  return answer?.result === 'device_linked';
}
