// LOCAL STAND-IN of the lead's contract (never committed): replaced by main's file at the merge.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../http';

const answer = z.looseObject({
  id: z.number(),
  partner_entity_id: z.nullish(z.number()),
  xpt_review_status: z.nullish(z.number()),
  factfind_status: z.nullish(z.string()),
  robo_journey_type: z.nullish(z.string()),
  robo_journey_status: z.nullish(z.string()),
});

export interface JourneyStatuses {
  id: number;
  partnerEntityId: number | null;
  reviewStatus: 1 | 2 | 3 | 4 | 5 | null;
  factFindStatus: string;
  roboJourneyType: string;
  roboJourneyStatus: string;
}

export async function fetchJourneyStatuses(entityId: number): Promise<JourneyStatuses> {
  const a = parseAnswer(answer, await request<unknown>(`entity/client-v4/${entityId}`), 'GET entity/client-v4/{id}');
  return {
    id: a.id,
    partnerEntityId: a.partner_entity_id ?? null,
    reviewStatus: (a.xpt_review_status ?? null) as JourneyStatuses['reviewStatus'],
    factFindStatus: a.factfind_status ?? '0',
    roboJourneyType: a.robo_journey_type ?? '',
    roboJourneyStatus: a.robo_journey_status ?? '',
  };
}

export const journeyStatusesQueryOptions = (entityId: number) =>
  queryOptions({ queryKey: ['journey-statuses', entityId], queryFn: () => fetchJourneyStatuses(entityId), meta: { scope: 'client' } });

export function useJourneyStatuses(entityId: number | null) {
  return useQuery({ ...journeyStatusesQueryOptions(entityId ?? 0), enabled: entityId !== null });
}

export type JourneyStatusChange = { review?: 3; factFind?: '0'; emailTemplateId?: number; robo?: string };

export function useSetJourneyStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ entityId, change }: { entityId: number; change: JourneyStatusChange }) => {
      const body = change.robo ? { robo_journey_status: change.robo } : change.factFind ? { factfind_status: '0', emailTemplateId: change.emailTemplateId } : { xpt_review_status: 3 };
      return request<unknown>(`entity/client-v4/${entityId}`, { method: 'PATCH', body });
    },
    onSuccess: (_d, v) => qc.invalidateQueries({ queryKey: ['journey-statuses', v.entityId] }),
  });
}
