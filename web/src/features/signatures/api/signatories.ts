import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/** GET digital_signature/{id}/signatories (spec 3 §3.2, §7.2): who signs; phones masked, '+' kept. */

export const signatorySchema = z.looseObject({
  id: z.number(),
  entityid: z.number(),
  entity_name: z.string(),
  entity_phone: z.string(),
  can_sign: z.boolean(),
  signed_at: z.nullish(z.string()),
  signing_method: z.nullish(z.number()),
});

export type SignatoryAnswer = z.output<typeof signatorySchema>;

export async function fetchSignatories(id: number, signal?: AbortSignal): Promise<SignatoryAnswer[]> {
  const answer = await request<unknown>(`digital_signature/${id}/signatories`, { signal });
  return parseAnswer(z.array(signatorySchema), answer, 'GET digital_signature/{id}/signatories');
}

export const signatoriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['signatures', 'signatories', id],
    queryFn: ({ signal }) => fetchSignatories(id, signal),
    meta: { scope: 'client' },
  });

export function useSignatories(id: number | null) {
  return useQuery({ ...signatoriesQuery(id ?? 0), enabled: id !== null });
}
