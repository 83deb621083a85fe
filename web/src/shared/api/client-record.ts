import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../http';
import { parseAnswer } from '../http/parse-answer';

const name = z.nullish(z.string());

/** The fields of entity/client-v3/{id} the shell and the home page read about a viewed client. */
export const viewedClientSchema = z.object({
  id: z.number(),
  entity_name: name,
  first_name: name,
  last_name: name,
  preferred_name: name,
  locale: name,
});

export interface ViewedClient {
  id: number;
  entity_name: string;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
  locale: string | null;
}

/** GET /xplanapi/entity/client-v3/{id}: an adviser's client in context's record. */
export async function fetchViewedClient(entityId: number): Promise<ViewedClient> {
  const answer = await request<unknown>(`entity/client-v3/${entityId}`);
  const client = parseAnswer(viewedClientSchema, answer, 'GET entity/client-v3/{id}');
  return {
    id: client.id,
    entity_name: client.entity_name ?? '',
    first_name: client.first_name ?? null,
    last_name: client.last_name ?? null,
    preferred_name: client.preferred_name ?? null,
    locale: client.locale ?? null,
  };
}

/** The client in context's record: client data, gone when the client in context changes. */
export const viewedClientQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['viewed-client', entityId],
    queryFn: () => fetchViewedClient(entityId),
    staleTime: 5 * 60_000,
    meta: { scope: 'client' },
  });

export function useViewedClient(entityId: number | null) {
  return useQuery({ ...viewedClientQuery(entityId ?? 0), enabled: entityId !== null });
}
