import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import type { AddressRecord } from '../address-layout';

/**
 * GET entity/client-v3/{id}/address (spec 2 §3, §7): the client's addresses in the region's
 * field set (GB: block, street_name, street_name_2; elsewhere street), type 0 postal, 1
 * residential, 2 work.
 */

const text = z.nullish(z.string());

export const addressSchema = z.looseObject({
  id: z.number(),
  type: z.number(),
  block: text,
  street_name: text,
  street_name_2: text,
  street: text,
  suburb: text,
  state: text,
  postcode: text,
  status: text,
  preferred: z.nullish(z.boolean()),
});

export const addressesSchema = z.array(addressSchema);

export async function fetchClientAddresses(clientId: number, signal?: AbortSignal): Promise<AddressRecord[]> {
  const answer = await request<unknown>(`entity/client-v3/${clientId}/address`, { signal });
  return parseAnswer(addressesSchema, answer, 'GET entity/client-v3/{id}/address');
}

export const clientAddressesQuery = (clientId: number) =>
  queryOptions({
    queryKey: ['client-addresses', clientId],
    queryFn: ({ signal }) => fetchClientAddresses(clientId, signal),
    meta: { scope: 'client' },
  });

export function useClientAddresses(clientId: number | null) {
  return useQuery({ ...clientAddressesQuery(clientId ?? 0), enabled: clientId !== null });
}
