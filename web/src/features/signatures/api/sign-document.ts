import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * POST digital_signature/{id}/signatories/{sid}/sign (spec 3 §7.2): sign (1) or decline (2) with
 * the code; answers the request's new status. Errors carry the api_message the wizard maps
 * (spec 3 §8); no toast.
 */

const schema = z.looseObject({ status: z.number(), signed_at: z.string() });

export interface SignInput {
  id: number;
  signatoryId: number;
  method: number;
  secureData: string;
  otp: string;
}

export async function signDocument(v: SignInput): Promise<z.output<typeof schema>> {
  const answer = await request<unknown>(`digital_signature/${v.id}/signatories/${v.signatoryId}/sign`, {
    method: 'POST',
    body: { signing_method: v.method, secure_data: v.secureData, otp: v.otp },
    notify: false,
  });
  return parseAnswer(schema, answer, 'POST digital_signature/{id}/signatories/{sid}/sign');
}

export function useSignDocument() {
  return useMutation({ mutationFn: signDocument });
}
