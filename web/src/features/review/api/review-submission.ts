import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import type { SubmissionBody } from '../review-machine';

const answer = z.looseObject({
  id: z.number(),
  heading: z.string(),
  question: z.string(),
  response: z.boolean(),
  additionalText: z.nullish(z.string()),
});
const person = z.looseObject({ id: z.number(), name: z.string(), status: z.number(), responses: z.array(answer) });
const stored = z.looseObject({
  id: z.number(),
  submittedAt: z.string(),
  documentId: z.nullish(z.number()),
  client: person,
  partner: z.nullish(person),
});
const schema = z.looseObject({ id: z.number(), submission: z.nullable(stored) });

export type StoredReview = z.infer<typeof stored>;

/** GET entity/client-v4/{id}/review: the latest submitted review, or null. */
export async function fetchSubmittedReview(entityId: number): Promise<StoredReview | null> {
  return parseAnswer(schema, await request<unknown>(`entity/client-v4/${entityId}/review`), 'GET review').submission;
}

export const submittedReviewQuery = (entityId: number) =>
  queryOptions({ queryKey: ['submitted-review', entityId], queryFn: () => fetchSubmittedReview(entityId), meta: { scope: 'client' } });

export function useSubmittedReview(entityId: number | null) {
  return useQuery({ ...submittedReviewQuery(entityId ?? 0), enabled: entityId !== null });
}

/**
 * POST entity/client-v4/{id}/review: submits the review. Never retried (a POST); a refusal is the
 * page's to show (the completion page's failure texts), not a toast.
 */
export function useSubmitReview(entityId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubmissionBody) =>
      parseAnswer(
        schema,
        await request<unknown>(`entity/client-v4/${entityId}/review`, { method: 'POST', body, notify: false }),
        'POST review',
      ).submission,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['submitted-review', entityId] });
      void qc.invalidateQueries({ queryKey: ['journey-statuses'] });
    },
  });
}
