import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import type { ReviewPage } from '../review-machine';

const text = z.optional(z.nullable(z.string()));
const flag = z.optional(z.nullable(z.boolean()));

const pageSchema = z.looseObject({
  type: z.enum(['introduction', 'question', 'risk', 'contactDetailsQuestion', 'personalDetailsQuestion', 'submission', 'completion']),
  order: z.number(),
  heading: z.string(),
  secondaryHeading: text,
  introductionText: text,
  speakToAdviserConfirmation: text,
  clientQuestion: text,
  partnerQuestion: text,
  alternateClientQuestion: text,
  alternatePartnerQuestion: text,
  showAdditionalInformation: flag,
  hint: text,
  fields: z.optional(z.nullable(z.array(z.looseObject({ fieldName: z.string(), description: z.string(), enabled: z.boolean() })))),
  changesText: text,
  noChangesText: text,
  clientAccess: flag,
  successText: text,
  errorText: text,
  displayAdviserDetail: flag,
  adviserDetailsHeader: text,
});

/** GET review/page: the firm's annual review pages (docs/api-contract.md "Annual review"). */
export async function fetchReviewPages(): Promise<ReviewPage[]> {
  const answer = parseAnswer(z.array(pageSchema), await request<unknown>('review/page'), 'GET review/page');
  return answer.map((p) => {
    const page: ReviewPage = { type: p.type, order: p.order, heading: p.heading };
    for (const [key, value] of Object.entries(p)) {
      if (value !== null && value !== undefined) (page as unknown as Record<string, unknown>)[key] = value;
    }
    return page;
  });
}

export const reviewPagesQuery = () =>
  queryOptions({ queryKey: ['review-pages'], queryFn: fetchReviewPages, staleTime: 10 * 60_000, meta: { scope: 'client' } });

export function useReviewPages(enabled = true) {
  return useQuery({ ...reviewPagesQuery(), enabled });
}
