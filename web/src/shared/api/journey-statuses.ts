import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { isApiError, parseAnswer, request } from '../http';

/**
 * A client's journey statuses (spec 3 §3.3, §4.3, §7.3): GET entity/client-v4/{id} reads the
 * review status (a number: None 1, InProgress 2, FollowUpRequired 3, ChangesReported 4,
 * NoChangesReported 5), the fact-find status ('0' none, '1' and '2' awaiting) and the robo
 * journey's type and status; PATCH entity/client-v4/{id} sets one of them. Shared by the
 * notification modal, the postponement panel, the journey pages and the annual review.
 */

export type ReviewStatusCode = 1 | 2 | 3 | 4 | 5;

export const REVIEW_STATUS = {
  None: 1,
  InProgress: 2,
  FollowUpRequired: 3,
  ChangesReported: 4,
  NoChangesReported: 5,
} as const satisfies Record<string, ReviewStatusCode>;

export type RoboJourneyType = 'investment' | 'retirement_health_check' | '';
export type RoboJourneyStatus = 'enabled' | 'in_progress' | 'follow_up_requested' | 'declined' | 'none' | '';

export interface JourneyStatuses {
  id: number;
  partnerEntityId: number | null;
  /** null when the platform has no review status field (its 400 'invalid field name', spec 3 §8). */
  reviewStatus: ReviewStatusCode | null;
  factFindStatus: string | null;
  roboJourneyType: RoboJourneyType;
  roboJourneyStatus: RoboJourneyStatus;
}

const schema = z.looseObject({
  id: z.number(),
  partner_entity_id: z.nullish(z.number()),
  xpt_review_status: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])),
  factfind_status: z.optional(z.string()),
  robo_journey_type: z.optional(z.enum(['investment', 'retirement_health_check', ''])),
  robo_journey_status: z.optional(z.enum(['enabled', 'in_progress', 'follow_up_requested', 'declined', 'none', ''])),
});

function toStatuses(answer: unknown, call: string): JourneyStatuses {
  const r = parseAnswer(schema, answer, call);
  return {
    id: r.id,
    partnerEntityId: r.partner_entity_id ?? null,
    reviewStatus: r.xpt_review_status ?? null,
    factFindStatus: r.factfind_status ?? null,
    roboJourneyType: r.robo_journey_type ?? '',
    roboJourneyStatus: r.robo_journey_status ?? '',
  };
}

/** The statuses a platform without these fields answers: no journeys at all. */
export const noJourneys = (id: number): JourneyStatuses => ({
  id,
  partnerEntityId: null,
  reviewStatus: null,
  factFindStatus: null,
  roboJourneyType: '',
  roboJourneyStatus: '',
});

export async function fetchJourneyStatuses(entityId: number, signal?: AbortSignal): Promise<JourneyStatuses> {
  try {
    const answer = await request<unknown>(`entity/client-v4/${entityId}`, { signal, notify: false });
    return toStatuses(answer, 'GET entity/client-v4/{id}');
  } catch (error) {
    // A platform without a journey field answers 400 'invalid field name: …': no data (spec 3 §8).
    if (isApiError(error) && error.status === 400 && error.api_message?.startsWith('invalid field name')) return noJourneys(entityId);
    throw error;
  }
}

export const journeyStatusesQueryOptions = (entityId: number) =>
  queryOptions({
    queryKey: ['journey-statuses', entityId],
    queryFn: ({ signal }) => fetchJourneyStatuses(entityId, signal),
    staleTime: 60_000,
    meta: { scope: 'client' },
  });

export function useJourneyStatuses(entityId: number | null) {
  return useQuery({ ...journeyStatusesQueryOptions(entityId ?? 0), enabled: entityId !== null });
}

/** One status change, as the journeys ask for it; several may be given (see statusPatchBody). */
export interface StatusChange {
  review?: typeof REVIEW_STATUS.FollowUpRequired;
  factFind?: '0';
  emailTemplateId?: number;
  robo?: Exclude<RoboJourneyStatus, 'enabled' | ''>;
}

/**
 * The PATCH body: when several statuses are given only the last present one is sent, in the
 * order review, fact find, robo (spec 3 §4.3); the email template id goes with the fact find.
 */
export function statusPatchBody(change: StatusChange): Record<string, string | number> {
  if (change.robo !== undefined) return { robo_journey_status: change.robo };
  if (change.factFind !== undefined) {
    return change.emailTemplateId !== undefined ? { factfind_status: change.factFind, emailTemplateId: change.emailTemplateId } : { factfind_status: change.factFind };
  }
  if (change.review !== undefined) return { xpt_review_status: change.review };
  throw new Error('statusPatchBody: no status to set');
}

export async function setJourneyStatus(entityId: number, change: StatusChange): Promise<JourneyStatuses> {
  const answer = await request<unknown>(`entity/client-v4/${entityId}`, { method: 'PATCH', body: statusPatchBody(change), notify: false });
  return toStatuses(answer, 'PATCH entity/client-v4/{id}');
}

/** Sets one status of the client's own record and puts the platform's answer in the cache. */
export function useSetJourneyStatus(entityId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => {
      if (entityId === null) return Promise.reject(new Error('No client to change'));
      return setJourneyStatus(entityId, change);
    },
    onSuccess: (statuses) => {
      queryClient.setQueryData(journeyStatusesQueryOptions(statuses.id).queryKey, statuses);
      return queryClient.invalidateQueries({ queryKey: ['journey-statuses'] });
    },
  });
}
