import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/** A person's risk profile (spec 3 §3.3); description is HTML, sanitised again before display. */
export interface RiskProfile {
  index: number | null;
  name: string;
  description: string;
  isEmpty: boolean;
}

const schema = z.looseObject({ index: z.nullish(z.number()), name: z.nullish(z.string()), description: z.nullish(z.string()), isEmpty: z.boolean() });

/** GET entity/client/{id}/risk_profile/value/client (spec 3 §7.3). */
export async function fetchRiskProfile(entityId: number): Promise<RiskProfile> {
  const a = parseAnswer(schema, await request<unknown>(`entity/client/${entityId}/risk_profile/value/client`), 'GET risk_profile');
  return { index: a.index ?? null, name: a.name ?? '', description: a.description ?? '', isEmpty: a.isEmpty };
}

export const riskProfileQuery = (entityId: number) =>
  queryOptions({ queryKey: ['risk-profile', entityId], queryFn: () => fetchRiskProfile(entityId), staleTime: 5 * 60_000, meta: { scope: 'client' } });

export function useRiskProfile(entityId: number | null) {
  return useQuery({ ...riskProfileQuery(entityId ?? 0), enabled: entityId !== null });
}
