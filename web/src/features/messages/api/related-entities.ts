import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClientCapabilities } from '../../../shared/api/client-capabilities';
import { groupMembersSchema } from '../../../shared/api/client-data';
import { parseAnswer, request } from '../../../shared/http';
import { entityFilterOptions, type EntityFilterOption, type RelatedMember } from '../messages-rules';

/** GET entity/client/{id}/client_group/member: the viewed client's group members. */
export async function fetchGroupMembers(entityId: number, signal?: AbortSignal): Promise<RelatedMember[]> {
  // Quietly: without its members the filter offers the client alone, which needs no toast.
  const answer = await request<unknown>(`entity/client/${entityId}/client_group/member`, { signal, notify: false });
  return parseAnswer(groupMembersSchema, answer, 'GET entity/client/{id}/client_group/member');
}

/** The members of the client (in context) being viewed: client data, gone with the client. */
export const groupMembersQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['messages', 'group-members', entityId],
    queryFn: ({ signal }) => fetchGroupMembers(entityId, signal),
    staleTime: 5 * 60_000,
    meta: { scope: 'client' },
  });

/**
 * The options of 'Show messages for' for the viewed client (the client, or an adviser's client
 * in context), or null while they load or when related entities are switched off. A client
 * outside any group, or whose members or capabilities cannot be read, has only itself.
 */
export function useEntityFilterOptions(self: { entityId: number; name: string } | null, enabled: boolean): EntityFilterOption[] | null {
  const on = enabled && self !== null;
  const members = useQuery({ ...groupMembersQuery(self?.entityId ?? 0), enabled: on });
  const capabilities = useClientCapabilities(on ? self.entityId : null);
  if (!on || members.isPending || capabilities.isPending) return null;
  return entityFilterOptions(self, members.data ?? [], capabilities.data?.view_partner === true);
}
