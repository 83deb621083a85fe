import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';

/** POST /api/tfa/validate: `device_linked` is success, any other result an incorrect code. */
export const tfaValidateSchema = z.object({ result: z.string() });

/** POST /api/tfa/validate: true when the device is linked (result "device_linked"). */
export async function validateTfaDevice(body: { mfaMethod: string; mfaCode: string; deviceId: string }): Promise<boolean> {
  const answer = await request<unknown>('tfa/validate', { base: 'api', method: 'POST', body, notify: false });
  return parseAnswer(tfaValidateSchema, answer, 'POST /api/tfa/validate').result === 'device_linked';
}
