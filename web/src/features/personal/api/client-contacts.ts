import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * GET entity/client-v3/{id}/contact (spec 2 §3, §7): the client's phone numbers and email
 * addresses. Types: p1 home phone, p2 work phone, p3 mobile phone, m1 personal email, m2 work
 * email; the preferred contact of a type comes first.
 */

export const contactSchema = z.looseObject({
  id: z.number(),
  type: z.string(),
  value: z.string(),
  country_code: z.nullish(z.string()),
  preferred: z.nullish(z.boolean()),
});

export const contactsSchema = z.array(contactSchema);

export type ClientContact = z.output<typeof contactSchema>;

export async function fetchClientContacts(clientId: number, signal?: AbortSignal): Promise<ClientContact[]> {
  const answer = await request<unknown>(`entity/client-v3/${clientId}/contact`, { signal });
  return parseAnswer(contactsSchema, answer, 'GET entity/client-v3/{id}/contact');
}

export const clientContactsQuery = (clientId: number) =>
  queryOptions({
    queryKey: ['client-contacts', clientId],
    queryFn: ({ signal }) => fetchClientContacts(clientId, signal),
    meta: { scope: 'client' },
  });

export function useClientContacts(clientId: number | null) {
  return useQuery({ ...clientContactsQuery(clientId ?? 0), enabled: clientId !== null });
}
