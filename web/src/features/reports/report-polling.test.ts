import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportJob } from './api/report-job';
import { pollReportJob, POLL_INTERVAL_MS, POLL_LIMIT_MS, progressOf, type PollUpdate } from './report-polling';

const job = (status: ReportJob['status'], extra: Partial<ReportJob> = {}): ReportJob => ({ job_id: 7, status, ...extra });

describe('polling a report job (spec 2 §4, §9: every 3 seconds, up to 5 minutes)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every 3 seconds, not before, and stops once the job is done', async () => {
    const answers = [job('queued'), job('running'), job('done', { document_id: 1, attachment_id: 2, file_name: 'r.pdf' })];
    const fetchJob = vi.fn(async () => answers.shift()!);
    const updates: PollUpdate[] = [];
    pollReportJob(fetchJob, (u) => updates.push(u));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(fetchJob).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS);
    expect(fetchJob).toHaveBeenCalledTimes(3);
    expect(updates.map((u) => (u.kind === 'state' ? `${u.job.status}@${u.elapsedMs}` : u.kind))).toEqual(['queued@3000', 'running@6000', 'done@9000']);
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(fetchJob).toHaveBeenCalledTimes(3);
  });

  it('stops on a failed job', async () => {
    const fetchJob = vi.fn(async () => job('failed', { message: 'Sorry' }));
    const updates: PollUpdate[] = [];
    pollReportJob(fetchJob, (u) => updates.push(u));
    await vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    expect(updates).toEqual([{ kind: 'state', job: job('failed', { message: 'Sorry' }), elapsedMs: 3000 }]);
  });

  it('keeps asking after a failed poll, and gives up with a timeout after 5 minutes (100 polls)', async () => {
    const fetchJob = vi.fn(async () => {
      if (fetchJob.mock.calls.length === 2) throw new TypeError('Failed to fetch');
      return job('running');
    });
    const updates: PollUpdate[] = [];
    pollReportJob(fetchJob, (u) => updates.push(u));
    await vi.advanceTimersByTimeAsync(POLL_LIMIT_MS);
    expect(fetchJob).toHaveBeenCalledTimes(POLL_LIMIT_MS / POLL_INTERVAL_MS);
    expect(updates.at(-1)).toEqual({ kind: 'timeout', elapsedMs: POLL_LIMIT_MS });
    expect(updates.filter((u) => u.kind === 'state')).toHaveLength(99);
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(fetchJob).toHaveBeenCalledTimes(100);
  });

  it('stops when the page leaves', async () => {
    const fetchJob = vi.fn(async () => job('queued'));
    const stop = pollReportJob(fetchJob, () => undefined);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    stop();
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(fetchJob).toHaveBeenCalledTimes(1);
  });

  it('shows progress growing with the time spent, full when done', () => {
    expect(progressOf(0, 'requesting')).toBeCloseTo(0.03);
    expect(progressOf(60_000, 'running')).toBeCloseTo(0.1 + 0.2 * 0.9);
    expect(progressOf(POLL_LIMIT_MS, 'running')).toBe(0.95);
    expect(progressOf(3000, 'done')).toBe(1);
  });
});
