import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';

/** The answer of a change of method: a redirect, or a device to validate with a code. */
export type MethodChangeAnswer =
  | { redirectUrl: string }
  | { deviceId: string; mfaMethod: string; otpauthUri?: string; qrCode?: string };

/** PUT /api/tfa/method (docs/api-contract.md): a redirect URL, or the device the code was sent for. */
export const methodChangeSchema = z.union([
  z.object({ redirectUrl: z.string().check(z.minLength(1)) }),
  z.object({
    deviceId: z.string().check(z.minLength(1)),
    mfaMethod: z.nullish(z.string()),
    otpauthUri: z.nullish(z.string()),
    qrCode: z.nullish(z.string()),
  }),
]);

/**
 * PUT /api/tfa/method: starts a change of method (sends a code). Sent once. The answer is parsed
 * (UnexpectedAnswerError on a mismatch); a missing method is the one asked for.
 */
export async function changeTfaMethod(mfaMethod: string): Promise<MethodChangeAnswer> {
  const answer = parseAnswer(
    methodChangeSchema,
    await request<unknown>('tfa/method', { base: 'api', method: 'PUT', body: { mfaMethod }, notify: false, attempts: 1 }),
    'PUT /api/tfa/method',
  );
  if ('redirectUrl' in answer) return { redirectUrl: answer.redirectUrl };
  const device: MethodChangeAnswer = { deviceId: answer.deviceId, mfaMethod: answer.mfaMethod || mfaMethod };
  if (answer.otpauthUri) device.otpauthUri = answer.otpauthUri;
  if (answer.qrCode) device.qrCode = answer.qrCode;
  return device;
}
