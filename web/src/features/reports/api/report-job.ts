import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * GET job_queue/completed_job/{id} (spec 2 §7): a report job's state, polled every 3 seconds
 * (report-polling.ts). Done carries the filed document and its attachment; failed the message
 * the user reads.
 */
export const reportJobSchema = z.looseObject({
  job_id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  attempt: z.optional(z.number()),
  max_attempts: z.optional(z.number()),
  document_id: z.optional(z.number()),
  attachment_id: z.optional(z.number()),
  file_name: z.optional(z.string()),
  message: z.optional(z.string()),
});

export type ReportJob = z.output<typeof reportJobSchema>;

export async function fetchReportJob(jobId: number, signal?: AbortSignal): Promise<ReportJob> {
  // A failed poll is the poller's to judge (it tries again), never a toast.
  const answer = await request<unknown>(`job_queue/completed_job/${jobId}`, { signal, notify: false, attempts: 1 });
  return parseAnswer(reportJobSchema, answer, 'GET job_queue/completed_job/{id}');
}
