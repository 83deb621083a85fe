import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useSiteConfig } from '../config/site-config-context';
import { batch, type BatchAnswer } from '../http/batch';
import {
  CLIENT_DATA_ERRORS,
  siteAccessFromChoices,
  type AccessLists,
  type ClientData,
  type ClientDataState,
  type ClientRecord,
  type GroupMember,
} from '../session/client-data';
import { useSession } from '../session/session-context';

const code = z.union([z.string(), z.number()]);
const choice = z.object({ code, description: z.string() });
const name = z.nullish(z.string());

/** entity/client-v3/{id}: the fields the shell needs; the rest passes through. */
export const clientRecordSchema = z.looseObject({
  id: z.number(),
  entity_id: z.optional(z.number()),
  client_access_level: z.nullish(z.object({ code: z.nullable(code), description: z.nullish(z.string()) })),
  preferred_currency: z.nullish(z.string()),
  partner_entity_id: z.nullish(z.number()),
});

/** entity/client/{id}/client_group/member */
export const groupMembersSchema = z.array(
  z.object({
    entity_id: z.number(),
    group_id: z.number(),
    login_accessible: z.boolean(),
    first_name: name,
    last_name: name,
    entity_name: name,
    partner_entity_id: z.nullish(z.number()),
  }),
);

/** ufield/entity/client_access_level/choice */
export const accessChoicesSchema = z.array(choice);

function parsed<S extends z.ZodMiniType>(schema: S, answer: BatchAnswer | undefined, error: string): z.output<S> {
  const result = schema.safeParse(answer?.ok ? answer.body : undefined);
  if (!result.success) throw new Error(error);
  return result.data as z.output<S>;
}

/**
 * The client record, their group members and the access-level choices, in one batch (spec 1 §4,
 * §7). Each answer is parsed; a failure or an answer of the wrong shape gives the spec's text.
 */
export async function fetchClientData(entityId: number, lists: AccessLists): Promise<ClientData> {
  let answers: BatchAnswer[];
  try {
    answers = await batch(
      [
        { path: `entity/client-v3/${entityId}` },
        { path: `entity/client/${entityId}/client_group/member` },
        { path: 'ufield/entity/client_access_level/choice' },
      ],
      { notify: false },
    );
  } catch {
    throw new Error(CLIENT_DATA_ERRORS.choicesFailed);
  }
  const [client, members, choices] = answers;
  const record = parsed(clientRecordSchema, client, CLIENT_DATA_ERRORS.noClientData);
  if (!choices?.ok) throw new Error(choices?.status === 404 ? CLIENT_DATA_ERRORS.lookupFailed : CLIENT_DATA_ERRORS.choicesFailed);
  const options = parsed(accessChoicesSchema, choices, CLIENT_DATA_ERRORS.lookupFailed).map((c) => ({ code: String(c.code), description: c.description }));
  const level = record.client_access_level;
  const access = level ? { code: level.code === null ? '' : String(level.code), description: level.description ?? '' } : null;
  const siteAccess = siteAccessFromChoices(access, options, lists);
  // A client outside any group has no members (a failed member call included): not an error.
  const visible: GroupMember[] = members?.ok
    ? parsed(groupMembersSchema, members, CLIENT_DATA_ERRORS.noClientData)
        .filter((member) => member.login_accessible)
        .map((member) => ({
          ...member,
          first_name: member.first_name ?? '',
          last_name: member.last_name ?? '',
          entity_name: member.entity_name ?? '',
          partner_entity_id: member.partner_entity_id ?? null,
        }))
    : [];
  return { entityId, client: { ...record, client_access_level: access } as ClientRecord, members: visible, siteAccess };
}

/** The signed-in client's own data, once per login (the lists are read at login). */
export const clientDataQuery = (entityId: number, lists: AccessLists) =>
  queryOptions({
    queryKey: ['client-data', entityId],
    queryFn: () => fetchClientData(entityId, lists),
    staleTime: Infinity,
    meta: { scope: 'user' },
  });

/** The signed-in client's data as a state: idle for an adviser, loading, loaded or failed (with the spec's text). */
export function useClientData(): ClientDataState {
  const { user } = useSession();
  const { settings } = useSiteConfig();
  const entityId = user?.role_name === 'ClientUser' ? user.entity_id : null;
  const query = useQuery({ ...clientDataQuery(entityId ?? 0, settings), enabled: entityId !== null });
  if (entityId === null) return { status: 'idle' };
  if (query.data) return { status: 'loaded', data: query.data };
  if (query.isError) {
    return { status: 'failed', entityId, error: query.error instanceof Error ? query.error.message : CLIENT_DATA_ERRORS.choicesFailed };
  }
  return { status: 'loading', entityId };
}
