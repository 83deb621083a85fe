import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { batch } from '../../../shared/http/batch';
import { parseAnswer, request } from '../../../shared/http';
import { decimalValue, toNumber } from '../../portfolio';

/**
 * An account's investment instructions (spec 2 §2.3, §3 "Target set", §7 "Targets"): GET
 * portfolio/account/{id}/targetlink names the target sets linked to the account; one batch then
 * reads portfolio/targetset (their descriptions) and portfolio/targetset/{id}/allocation/security
 * for each (securities with code, description and weight in percentage points).
 */

const link = z.looseObject({ targetset_id: z.number() });
const targetSet = z.looseObject({ targetset_id: z.number(), description: z.nullish(z.string()) });
const security = z.looseObject({ code: z.nullish(z.string()), description: z.nullish(z.string()), weight: decimalValue });

export const targetLinksSchema = z.array(link);
export const targetSetsSchema = z.array(targetSet);
export const targetSetSecuritiesSchema = z.array(security);

/** A target set with its asset weights (spec 2 §3). */
export interface TargetSet {
  id: number;
  description: string;
  securities: { code: string; description: string; weight: number | null }[];
}

export async function fetchAccountTargetSets(accountId: number, signal?: AbortSignal): Promise<TargetSet[]> {
  const links = parseAnswer(targetLinksSchema, await request<unknown>(`portfolio/account/${accountId}/targetlink`, { signal }), 'GET portfolio/account/{id}/targetlink');
  const ids = [...new Set(links.map((l) => l.targetset_id))];
  if (ids.length === 0) return [];
  const [sets, ...allocations] = await batch(
    [{ path: 'portfolio/targetset' }, ...ids.map((id) => ({ path: `portfolio/targetset/${id}/allocation/security` }))],
    { signal },
  );
  if (!sets!.ok) throw sets!.error;
  const described = new Map(parseAnswer(targetSetsSchema, sets!.body, 'GET portfolio/targetset').map((s) => [s.targetset_id, s.description ?? '']));
  return ids.map((id, i) => {
    const answer = allocations[i]!;
    if (!answer.ok) throw answer.error;
    const securities = parseAnswer(targetSetSecuritiesSchema, answer.body, 'GET portfolio/targetset/{id}/allocation/security');
    return {
      id,
      description: described.get(id) ?? '',
      securities: securities.map((s) => ({ code: s.code ?? '', description: s.description ?? '', weight: toNumber(s.weight) })),
    };
  });
}

export const accountTargetSetsQuery = (accountId: number) =>
  queryOptions({
    queryKey: ['target-sets', accountId],
    queryFn: ({ signal }) => fetchAccountTargetSets(accountId, signal),
    meta: { scope: 'client' },
  });

export function useAccountTargetSets(accountId: number | null) {
  return useQuery({ ...accountTargetSetsQuery(accountId ?? 0), enabled: accountId !== null });
}
