import type { ReportJob } from './api/report-job';

/** Spec 2 §4, §9: the job is asked for every 3 seconds, for up to the 5 minutes a report may take. */
export const POLL_INTERVAL_MS = 3000;
export const POLL_LIMIT_MS = 5 * 60 * 1000;

export type PollUpdate =
  | { kind: 'state'; job: ReportJob; elapsedMs: number }
  | { kind: 'timeout'; elapsedMs: number };

/**
 * Polls a report job every POLL_INTERVAL_MS until it is done or failed, or POLL_LIMIT_MS have
 * passed (then 'timeout'). A poll that fails (the network, a 5xx) is not an answer: the next one
 * is asked on time. Each answer is reported with the time since the request. Returns the stop
 * function (leaving the page stops it). Time is counted in polls, so a fake clock drives it.
 */
export function pollReportJob(
  fetchJob: (signal: AbortSignal) => Promise<ReportJob>,
  onUpdate: (update: PollUpdate) => void,
  intervalMs = POLL_INTERVAL_MS,
  limitMs = POLL_LIMIT_MS,
): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polls = 0;
  const tick = async () => {
    polls += 1;
    const elapsedMs = polls * intervalMs;
    try {
      const job = await fetchJob(controller.signal);
      if (controller.signal.aborted) return;
      onUpdate({ kind: 'state', job, elapsedMs });
      if (job.status === 'done' || job.status === 'failed') return;
    } catch {
      if (controller.signal.aborted) return;
    }
    if (elapsedMs >= limitMs) {
      onUpdate({ kind: 'timeout', elapsedMs });
      return;
    }
    timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

/** The progress bar's value (0-1) while the job runs: time spent of the time a report may take. */
export function progressOf(elapsedMs: number, status: ReportJob['status'] | 'requesting'): number {
  if (status === 'done') return 1;
  const floor = status === 'running' ? 0.1 : 0.03;
  return Math.min(0.95, floor + (elapsedMs / POLL_LIMIT_MS) * 0.9);
}
