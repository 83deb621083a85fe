import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { clientCapabilitiesQuery } from '../../shared/api/client-capabilities';
import { putClientContext, setClientContext } from '../../shared/api/client-context';
import { clearClientQueries } from '../../shared/api/query-scopes';
import type { ClientInContext } from '../../shared/session/client-in-context';
import type { SiteAccessLevel } from '../../shared/session/site-access';
import { clearStoredClientData } from '../../shared/session/stored-client-data';

export interface OpenClientRequest {
  clientId: number;
  siteAccessLevel: SiteAccessLevel;
}

export interface OpenClientDeps {
  queryClient: QueryClient;
  putContext?: typeof putClientContext;
  clearStored?: () => void;
}

/**
 * Choosing a client (spec 3 §4.5): the previous client's stored data and cached answers go first,
 * so nothing of theirs can show for the next one; then the portal's session takes the new client
 * in context (PUT /api/client-context, which also writes the site-type cookie), and the client's
 * capabilities load. The caller opens the client's view once this resolves.
 */
export async function openClient(request: OpenClientRequest, { queryClient, putContext = putClientContext, clearStored = clearStoredClientData }: OpenClientDeps): Promise<ClientInContext> {
  clearStored();
  clearClientQueries(queryClient);
  const client = await putContext(request.clientId, request.siteAccessLevel);
  setClientContext(queryClient, client);
  await queryClient.fetchQuery(clientCapabilitiesQuery(client.entity_id));
  return client;
}

/** openClient as a mutation: its pending state disables the list while a client opens. */
export function useOpenClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (request: OpenClientRequest) => openClient(request, { queryClient }) });
}
