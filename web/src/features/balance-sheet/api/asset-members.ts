import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClientCapabilities } from '../../../shared/api/client-capabilities';
import { groupMembersSchema, useClientData } from '../../../shared/api/client-data';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';
import type { ClientScope } from '../../../shared/session/client-scope';
import { BALANCE_SHEET_TEXTS } from '../balance-sheet-texts';

/**
 * Whose assets the balance sheet can show (spec 2 §2.5 ?id={memberId}, §2.6 "Members for a
 * client: 'Me' first, then related entities", §6): the client, then the members of the
 * client's groups it may see: login_accessible ones, and only with the view_partner capability
 * (the platform's rule, access.CanReachEntity). A client's members are the client data the shell
 * loaded at login (shared/api/client-data.ts, as messages lists them); an adviser's client in
 * context's come from the same call, entity/client/{id}/client_group/member.
 */

export interface AssetMember {
  entityId: number;
  /** 'Me' for the client; the client's name for an adviser; the member's name otherwise. */
  name: string;
}

interface MemberLike {
  entity_id: number;
  login_accessible: boolean;
  first_name?: string | null;
  last_name?: string | null;
  entity_name?: string | null;
}

/** 'Me' (or the client in context) first, then each other member once, in the platform's order. */
export function assetMembers(self: AssetMember, members: readonly MemberLike[], viewPartner: boolean): AssetMember[] {
  const out: AssetMember[] = [self];
  if (!viewPartner) return out;
  for (const member of members) {
    if (!member.login_accessible || out.some((m) => m.entityId === member.entity_id)) continue;
    const name = `${member.first_name ?? ''} ${member.last_name ?? ''}`.trim() || member.entity_name || `Member ${member.entity_id}`;
    out.push({ entityId: member.entity_id, name });
  }
  return out;
}

/** GET entity/client/{id}/client_group/member: an adviser's client in context's members. */
export async function fetchGroupMembers(entityId: number) {
  const answer = await request<unknown>(`entity/client/${entityId}/client_group/member`, { notify: false });
  return parseAnswer(groupMembersSchema, answer, 'GET entity/client/{id}/client_group/member');
}

export const groupMembersQuery = (entityId: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['group-members', entityId],
    queryFn: () => fetchGroupMembers(entityId),
    staleTime: 5 * 60_000,
    enabled,
    meta: { scope: 'client' },
  });

/**
 * The members the page offers; null while they load. A failure of the member calls leaves
 * 'Me' alone: the client's own balance sheet never waits on its relatives.
 */
export function useAssetMembers(scope: ClientScope | null): AssetMember[] | null {
  const clientData = useClientData();
  const adviser = scope?.readOnly === true;
  const groups = useQuery(groupMembersQuery(scope?.entityId ?? 0, scope !== null && adviser));
  const capabilities = useClientCapabilities(scope?.entityId ?? null);
  if (!scope) return null;
  const self: AssetMember = { entityId: scope.entityId, name: adviser ? scope.person.display_name : BALANCE_SHEET_TEXTS.me };
  if (capabilities.isPending) return null;
  const members = adviser ? (groups.isPending ? null : (groups.data ?? [])) : clientData.status === 'loaded' ? clientData.data.members : clientData.status === 'loading' ? null : [];
  if (members === null) return null;
  return assetMembers(self, members, capabilities.data?.view_partner === true);
}
