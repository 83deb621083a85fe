import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * GET digital_signature?page_size=100&page_sort=-last_notified_at (spec 3 §7.2, §9;
 * docs/api-contract.md "Digital signatures"): the documents sent to the viewer to sign.
 */

export const signatureItemSchema = z.looseObject({
  id: z.number(),
  filename: z.string(),
  duedate: z.nullable(z.string()),
  status: z.number(),
  secure_data: z.optional(z.string()),
  last_notified_at: z.nullish(z.string()),
  terms_and_conds: z.string(),
  docnote_id: z.nullish(z.number()),
});

export type SignatureItemAnswer = z.output<typeof signatureItemSchema>;

/** Spec 3 §9: one page of 100. */
export const SIGNATURE_PAGE_SIZE = 100;

export async function fetchDigitalSignatures(signal?: AbortSignal): Promise<SignatureItemAnswer[]> {
  const answer = await request<unknown>('digital_signature', {
    signal,
    query: { page_size: SIGNATURE_PAGE_SIZE, page_sort: '-last_notified_at' },
  });
  return parseAnswer(z.array(signatureItemSchema), answer, 'GET digital_signature');
}

export const digitalSignaturesQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['signatures', 'list', entityId],
    queryFn: ({ signal }) => fetchDigitalSignatures(signal),
    meta: { scope: 'client' },
  });

export function useDigitalSignatures(entityId: number | null) {
  return useQuery({ ...digitalSignaturesQuery(entityId ?? 0), enabled: entityId !== null });
}
