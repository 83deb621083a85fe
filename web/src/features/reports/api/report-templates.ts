import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * GET xmerge/template-v2?user_type= (spec 2 §2.6, §3 "Valuation report template", §6; the path is
 * the portal's: docs/api-contract.md, "Valuation reports"): the firm's report templates for the
 * viewer's user type, clients the Client ones and advisers with a client in context the Adviser
 * ones.
 */

export const DATE_PARAMETERS = ['No Date Required', 'Single Date', 'Date Range'] as const;
export const REQUIRED_SELECTORS = ['Current Client Only', 'Select Entity', 'Account Group', 'Account Group Or Account', 'Select Portfolios'] as const;

export const reportTemplateSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  dateParameters: z.enum(DATE_PARAMETERS),
  userType: z.enum(['Adviser', 'Client']),
  requiredSelector: z.enum(REQUIRED_SELECTORS),
});

export type ReportTemplate = z.output<typeof reportTemplateSchema>;
export type UserType = ReportTemplate['userType'];

export async function fetchReportTemplates(userType: UserType, signal?: AbortSignal): Promise<ReportTemplate[]> {
  // The shell asks on every page to decide a link: a failure hides the link, no toast.
  const answer = await request<unknown>('xmerge/template-v2', { query: { user_type: userType }, signal, notify: false });
  return parseAnswer(z.array(reportTemplateSchema), answer, 'GET xmerge/template-v2');
}

export const reportTemplatesQuery = (userType: UserType) =>
  queryOptions({
    queryKey: ['report-templates', userType],
    queryFn: ({ signal }) => fetchReportTemplates(userType, signal),
    meta: { scope: 'client' },
    staleTime: 5 * 60_000,
  });

/** The viewer's templates; enabled false asks nothing (no client to report on). */
export function useReportTemplates(userType: UserType, enabled = true) {
  return useQuery({ ...reportTemplatesQuery(userType), enabled });
}
