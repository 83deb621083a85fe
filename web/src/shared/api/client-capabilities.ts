import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../http';
import { parseAnswer } from '../http/parse-answer';

/** A map of capability flags (spec 1 §3: view_portfolio, view_marketdata, view_partner…). */
export const capabilitiesSchema = z.record(z.string(), z.boolean());

export type Capabilities = z.output<typeof capabilitiesSchema>;

/** GET /xplanapi/entity/client-v3/{id}/capability: the client's capabilities (spec 1 §3, §7). */
export async function fetchClientCapabilities(entityId: number): Promise<Capabilities> {
  const answer = await request<unknown>(`entity/client-v3/${entityId}/capability`);
  return parseAnswer(capabilitiesSchema, answer, 'GET entity/client-v3/{id}/capability');
}

/**
 * The capabilities of the client being viewed: client data, so they go whenever the client in
 * context changes ("setting a client in context resets capabilities", spec 1 §4) and at logout.
 */
export const clientCapabilitiesQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['capabilities', entityId],
    queryFn: () => fetchClientCapabilities(entityId),
    staleTime: Infinity,
    meta: { scope: 'client' },
  });

export function useClientCapabilities(entityId: number | null) {
  return useQuery({ ...clientCapabilitiesQuery(entityId ?? 0), enabled: entityId !== null });
}
