import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { request } from '../http';
import { parseAnswer } from '../http/parse-answer';
import { clientInContextStore, useClientInContext, type ClientInContext } from '../session/client-in-context';
import { useSession } from '../session/session-context';
import type { SiteAccessLevel } from '../session/site-access';

const level = z.enum(['Portfolio', 'Assets', 'Messages', 'NotAssigned']);

/** The client in context as /api/client-context answers it (docs/api-contract.md). */
export const clientInContextSchema = z.object({
  id: z.number(),
  entity_id: z.number(),
  display_name: z.string(),
  preferred_currency: z.nullish(z.string()),
  is_preview_mode: z.boolean(),
  last_login_datetime: z.nullish(z.string()),
  user_timezone: z.nullish(z.string()),
  site_access_level: level,
  has_client_access: z.optional(z.boolean()),
});

export const clientContextAnswerSchema = z.object({ client_in_context: z.nullable(clientInContextSchema) });

const parse = (answer: unknown, call: string): ClientInContext | null => parseAnswer(clientContextAnswerSchema, answer, call).client_in_context;

/**
 * GET /api/client-context: the client in context of this adviser session, or null. Quiet: a
 * client's session answers 403 and that simply means none.
 */
export async function fetchClientContext(): Promise<ClientInContext | null> {
  return parse(await request<unknown>('client-context', { base: 'api', notify: false }), 'GET /api/client-context');
}

/**
 * PUT /api/client-context: makes the client the session's client in context, with the chosen
 * portal view (the client's own when left out). A refusal (403, 404) reaches the global handler.
 */
export async function putClientContext(clientId: number, siteAccessLevel?: SiteAccessLevel): Promise<ClientInContext> {
  const answer = await request<unknown>('client-context', {
    base: 'api',
    method: 'PUT',
    body: siteAccessLevel ? { client_id: clientId, site_access_level: siteAccessLevel } : { client_id: clientId },
  });
  const client = parse(answer, 'PUT /api/client-context');
  if (!client) throw new Error('PUT /api/client-context answered no client');
  return client;
}

/** The session's client in context: asked once per page load, then set by PUT (setClientContext). */
export const clientContextQuery = () =>
  queryOptions({
    queryKey: ['client-context'],
    queryFn: fetchClientContext,
    staleTime: Infinity,
    // The adviser's own session state: a new client in context must not clear it.
    meta: { scope: 'user' },
  });

/** Records a client in context the server confirmed, in the query and the store the shell reads. */
export function setClientContext(queryClient: QueryClient, client: ClientInContext | null): void {
  // An answer to the page load's GET still on its way must not overwrite this one.
  void queryClient.cancelQueries({ queryKey: clientContextQuery().queryKey });
  queryClient.setQueryData(clientContextQuery().queryKey, client);
  clientInContextStore.set(client);
}

export interface ClientContextState {
  /** The first answer has not arrived yet (an adviser's page load). */
  pending: boolean;
  client: ClientInContext | null;
}

/**
 * For an adviser: the client in context as the server says (on a reload too), copied into the
 * store the shell reads. A failed answer counts as none. A client has none.
 */
export function useClientContextSync(): ClientContextState {
  const { user } = useSession();
  const adviser = user?.role_name === 'User';
  const { data, isPending } = useQuery({ ...clientContextQuery(), enabled: adviser });
  const stored = useClientInContext();
  useEffect(() => {
    if (data !== undefined) clientInContextStore.set(data);
  }, [data]);
  if (!adviser) return { pending: false, client: null };
  // The answer counts from the render it arrives in, before the effect has copied it.
  return { pending: isPending, client: data !== undefined ? data : stored };
}
