import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../http';
import { parseAnswer } from '../http/parse-answer';

const name = z.pipe(z.nullish(z.string()), z.transform((value) => value ?? null));

/** The fields of entity/client-v3/{id} the shell and the home page read about a viewed client. */
export const viewedClientSchema = z.looseObject({
  id: z.number(),
  entity_name: z.pipe(z.nullish(z.string()), z.transform((value) => value ?? '')),
  first_name: name,
  last_name: name,
  preferred_name: name,
  locale: z.nullish(z.string()),
});

export type ViewedClient = z.output<typeof viewedClientSchema>;

/** GET /xplanapi/entity/client-v3/{id}: an adviser's client in context's record. */
export async function fetchViewedClient(entityId: number): Promise<ViewedClient> {
  const answer = await request<unknown>(`entity/client-v3/${entityId}`);
  return parseAnswer(viewedClientSchema, answer, 'GET entity/client-v3/{id}');
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
