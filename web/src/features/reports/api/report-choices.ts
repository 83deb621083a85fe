import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * What 'Run report for' offers once an entity is chosen (spec 2 §2.6: entity, account group or
 * account): the entity's account groups (GET portfolio/group/account) and accounts (GET
 * portfolio/account), both with entityid.
 */

const groupSchema = z.looseObject({ group_code: z.string(), group_name: z.string() });
const accountSchema = z.looseObject({ accountid: z.number(), description: z.string() });

export interface ReportChoices {
  groups: { code: string; name: string }[];
  accounts: { id: number; name: string }[];
}

export async function fetchReportChoices(entityId: number, signal?: AbortSignal): Promise<ReportChoices> {
  const [groups, accounts] = await Promise.all([
    request<unknown>('portfolio/group/account', { query: { entityid: entityId }, signal }),
    request<unknown>('portfolio/account', { query: { entityid: entityId }, signal }),
  ]);
  return {
    groups: parseAnswer(z.array(groupSchema), groups, 'GET portfolio/group/account').map((g) => ({ code: g.group_code, name: g.group_name })),
    accounts: parseAnswer(z.array(accountSchema), accounts, 'GET portfolio/account').map((a) => ({ id: a.accountid, name: a.description })),
  };
}

export const reportChoicesQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['report-choices', entityId],
    queryFn: ({ signal }) => fetchReportChoices(entityId, signal),
    meta: { scope: 'client' },
  });

export function useReportChoices(entityId: number | null) {
  return useQuery({ ...reportChoicesQuery(entityId ?? 0), enabled: entityId !== null });
}
