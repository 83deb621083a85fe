import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/** The body of a valuation request (spec 2 §3 "Valuation request"). */
export interface RunReportBody {
  entityid?: number;
  group_code?: string;
  variables: {
    as_at_date?: string;
    from_date?: string;
    to_date?: string;
    report_type?: 'account' | 'group';
    accountid?: number;
    since_inception?: boolean;
  };
}

/** The template id of 'Generate report' (a client with no templates, spec 2 §2.6). */
export const DEFAULT_TEMPLATE = 'default';

const runAnswer = z.looseObject({ job_id: z.number() });

/**
 * POST xmerge/template-v2/{id}?_method=runasync (spec 2 §7): enqueues the report and answers its
 * job id. Failures are the page's to show (no global toast); never retried (a POST).
 */
export async function runReport(templateId: number | typeof DEFAULT_TEMPLATE, body: RunReportBody): Promise<number> {
  const answer = await request<unknown>(`xmerge/template-v2/${templateId}`, {
    method: 'POST',
    query: { _method: 'runasync' },
    body,
    notify: false,
  });
  return parseAnswer(runAnswer, answer, 'POST xmerge/template-v2/{id}').job_id;
}
