import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * POST digital_signature/{id}/signatories/{sid}/generate_code (spec 3 §7.2): a code by SMS to the
 * signatory's registered phone; answers the secure_data to send back with it. Failures are the
 * wizard's to show (notify: false), never a toast.
 */

const schema = z.looseObject({ secure_data: z.string() });

export async function generateCode(id: number, signatoryId: number): Promise<string> {
  const answer = await request<unknown>(`digital_signature/${id}/signatories/${signatoryId}/generate_code`, {
    method: 'POST',
    body: {},
    notify: false,
  });
  return parseAnswer(schema, answer, 'POST digital_signature/{id}/signatories/{sid}/generate_code').secure_data;
}

export function useGenerateCode() {
  return useMutation({ mutationFn: (v: { id: number; signatoryId: number }) => generateCode(v.id, v.signatoryId) });
}
