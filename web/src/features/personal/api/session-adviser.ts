import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError, parseAnswer, request } from '../../../shared/http';
import type { AdviserContact } from '../adviser-contacts';

/**
 * GET session/user/adviser (spec 2 §2.9, §7 "Advisers"; spec 3 §7.4): the client's adviser with
 * work email, work phones and work address. An adviser with a client in context names the client
 * (client_id); a client asks for its own. A 404 means the client has no adviser: null, and the
 * page shows its fallback text.
 */

const text = z.nullish(z.string());

export const sessionAdviserSchema = z.looseObject({
  id: z.number(),
  adviser_name: z.string(),
  client_adviser: text,
  workEmail: text,
  workPhone: z.nullish(z.array(z.looseObject({ value: z.string(), country_code: text }))),
  address: z.nullish(
    z.looseObject({ block: text, street_name: text, street_name_2: text, street: text, suburb: text, state: text, postcode: text }),
  ),
  region: text,
});

export async function fetchSessionAdviser(clientId: number | null, signal?: AbortSignal): Promise<AdviserContact | null> {
  let answer: unknown;
  try {
    answer = await request<unknown>('session/user/adviser', { signal, query: { client_id: clientId ?? undefined }, notify: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const a = parseAnswer(sessionAdviserSchema, answer, 'GET session/user/adviser');
  return {
    id: a.id,
    adviser_name: a.adviser_name,
    client_adviser: a.client_adviser ?? '',
    workEmail: a.workEmail ?? '',
    workPhone: (a.workPhone ?? []).map((p) => ({ value: p.value, country_code: p.country_code ?? null })),
    address: a.address ?? null,
    region: a.region ?? '',
  };
}

/** The adviser of the viewed client: the client's own (null), or the client in context's. */
export const sessionAdviserQuery = (clientInContext: number | null) =>
  queryOptions({
    queryKey: ['session-adviser', clientInContext],
    queryFn: ({ signal }) => fetchSessionAdviser(clientInContext, signal),
    staleTime: 5 * 60_000,
    meta: { scope: 'client' },
  });

export function useSessionAdviser(clientInContext: number | null, enabled = true) {
  return useQuery({ ...sessionAdviserQuery(clientInContext), enabled });
}
