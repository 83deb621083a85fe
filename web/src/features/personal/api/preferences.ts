import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import type { PreferenceField, Preferences } from '../preferences-machine';

/**
 * The communication preferences (spec 2 §2.8, §3, §7): GET entity/client-v3/{id} reads
 * comm_pref_email, comm_pref_mail and comm_pref_sms ('1' or '0'); PATCH entity/client-v3/{id}
 * changes the fields it names and no other (status 200 means success) and answers the record.
 * Both are quiet (notify: false): the page shows the spec's own texts for their failures.
 */

const flag = z.union([z.literal('1'), z.literal('0')]);

export const preferencesSchema = z.looseObject({
  id: z.number(),
  comm_pref_email: flag,
  comm_pref_mail: flag,
  comm_pref_sms: flag,
});

const WIRE: Record<PreferenceField, 'comm_pref_email' | 'comm_pref_mail' | 'comm_pref_sms'> = {
  email: 'comm_pref_email',
  mail: 'comm_pref_mail',
  sms: 'comm_pref_sms',
};

function toPreferences(answer: unknown, call: string): Preferences {
  const c = parseAnswer(preferencesSchema, answer, call);
  return { email: c.comm_pref_email === '1', mail: c.comm_pref_mail === '1', sms: c.comm_pref_sms === '1' };
}

export async function fetchPreferences(clientId: number, signal?: AbortSignal): Promise<Preferences> {
  return toPreferences(await request<unknown>(`entity/client-v3/${clientId}`, { signal, notify: false }), 'GET entity/client-v3/{id}');
}

/** The PATCH body: only the fields given, as '1' or '0'. */
export function preferencesPatchBody(changes: Partial<Preferences>): Record<string, '1' | '0'> {
  const body: Record<string, '1' | '0'> = {};
  for (const [field, on] of Object.entries(changes) as [PreferenceField, boolean][]) body[WIRE[field]] = on ? '1' : '0';
  return body;
}

/** Saves the changed fields; resolves to the values the platform now holds. */
export async function patchPreferences(clientId: number, changes: Partial<Preferences>): Promise<Preferences> {
  const answer = await request<unknown>(`entity/client-v3/${clientId}`, { method: 'PATCH', body: preferencesPatchBody(changes), notify: false });
  return toPreferences(answer, 'PATCH entity/client-v3/{id}');
}

export const preferencesQuery = (clientId: number) =>
  queryOptions({
    queryKey: ['preferences', clientId],
    queryFn: ({ signal }) => fetchPreferences(clientId, signal),
    // The form holds what the user is changing: a refetch on focus must not move it under them.
    refetchOnWindowFocus: false,
    meta: { scope: 'client' },
  });

export function usePreferences(clientId: number | null) {
  return useQuery({ ...preferencesQuery(clientId ?? 0), enabled: clientId !== null });
}
