import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * GET entity/client/{id} (spec 2 §3 "Personal details", §7 "Personal data"): the client's own
 * fields for the personal details page. Dates are the platform's typed Date values.
 */

const text = z.nullish(z.string());
const dateValue = z.nullish(z.object({ _type: z.literal('Date'), _val: z.string() }));

export const personalDetailsSchema = z.looseObject({
  id: z.number(),
  title: text,
  first_name: text,
  middle_name: text,
  last_name: text,
  dob: dateValue,
  country_of_birth: text,
  preferred_email: text,
  preferred_currency: text,
  region: text,
});

export interface PersonalDetails {
  id: number;
  title: string;
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD, or null when unknown. */
  dob: string | null;
  countryOfBirth: string;
  email: string;
  preferredCurrency: string;
  region: string;
}

export async function fetchPersonalDetails(clientId: number, signal?: AbortSignal): Promise<PersonalDetails> {
  const answer = await request<unknown>(`entity/client/${clientId}`, { signal });
  const c = parseAnswer(personalDetailsSchema, answer, 'GET entity/client/{id}');
  return {
    id: c.id,
    title: c.title ?? '',
    firstName: c.first_name ?? '',
    middleName: c.middle_name ?? '',
    lastName: c.last_name ?? '',
    dob: c.dob?._val.slice(0, 10) ?? null,
    countryOfBirth: c.country_of_birth ?? '',
    email: c.preferred_email ?? '',
    preferredCurrency: c.preferred_currency ?? '',
    region: c.region ?? '',
  };
}

export const personalDetailsQuery = (clientId: number) =>
  queryOptions({
    queryKey: ['personal-details', clientId],
    queryFn: ({ signal }) => fetchPersonalDetails(clientId, signal),
    meta: { scope: 'client' },
  });

export function usePersonalDetails(clientId: number | null) {
  return useQuery({ ...personalDetailsQuery(clientId ?? 0), enabled: clientId !== null });
}
