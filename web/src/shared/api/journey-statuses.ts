import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../http';
import { parseAnswer } from '../http/parse-answer';
import { useSession } from '../session/session-context';

// PLACEHOLDER of the shared contract (the lead's file replaces it at the merge of main).

/** Review status (spec 3 §3.3): None=1, InProgress=2, FollowUpRequired=3, ChangesReported=4, NoChangesReported=5. */
export type ReviewStatusCode = 1 | 2 | 3 | 4 | 5;

export type RoboJourneyStatus = 'enabled' | 'in_progress' | 'follow_up_requested' | 'declined' | 'none' | '';

export interface JourneyStatuses {
  id: number;
  partnerEntityId: number | null;
  reviewStatus: ReviewStatusCode | null;
  factFindStatus: string;
  roboJourneyType: string;
  roboJourneyStatus: string;
}

const schema = z.object({
  id: z.number(),
  partner_entity_id: z.nullish(z.number()),
  xpt_review_status: z.nullish(z.number()),
  factfind_status: z.nullish(z.string()),
  robo_journey_type: z.nullish(z.string()),
  robo_journey_status: z.nullish(z.string()),
});

function toStatuses(answer: unknown): JourneyStatuses {
  const a = parseAnswer(schema, answer, 'entity/client-v4/{id}');
  return {
    id: a.id,
    partnerEntityId: a.partner_entity_id ?? null,
    reviewStatus: (a.xpt_review_status ?? null) as ReviewStatusCode | null,
    factFindStatus: a.factfind_status ?? '',
    roboJourneyType: a.robo_journey_type ?? '',
    roboJourneyStatus: a.robo_journey_status ?? '',
  };
}

const FIELDS = 'xpt_review_status,factfind_status,robo_journey_type,robo_journey_status';

export const journeyStatusesQueryOptions = (entityId: number) =>
  queryOptions({
    queryKey: ['journey-statuses', entityId],
    queryFn: async () => toStatuses(await request<unknown>(`entity/client-v4/${entityId}`, { query: { fields: FIELDS } })),
    meta: { scope: 'client' },
  });

export function useJourneyStatuses(entityId: number | null) {
  return useQuery({ ...journeyStatusesQueryOptions(entityId ?? 0), enabled: entityId !== null });
}

export type JourneyStatusChange = { review?: 3; factFind?: '0'; emailTemplateId?: number | null; robo?: Exclude<RoboJourneyStatus, 'enabled' | ''> };

export function useSetJourneyStatus() {
  const queryClient = useQueryClient();
  const entityId = useSession().user?.entity_id ?? 0;
  return useMutation({
    mutationFn: async (change: JourneyStatusChange) => {
      let body: Record<string, unknown> = {};
      if (change.review !== undefined) body = { xpt_review_status: change.review };
      if (change.factFind !== undefined) body = { factfind_status: change.factFind, emailTemplateId: change.emailTemplateId };
      if (change.robo !== undefined) body = { robo_journey_status: change.robo };
      return toStatuses(await request<unknown>(`entity/client-v4/${entityId}`, { method: 'PATCH', body }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['journey-statuses', entityId] }),
  });
}
