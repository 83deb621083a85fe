import { IonProgressBar } from '@ionic/react';
import { buildUrl } from '../../../shared/http';
import { Notice } from '../../../shared/ui/field';
import type { ReportJob } from '../api/report-job';
import { progressOf } from '../report-polling';
import { REPORT_TEXTS } from '../report-texts';

export type RunState =
  | { kind: 'idle' }
  | { kind: 'requesting' }
  | { kind: 'polling'; jobId: number; status: 'queued' | 'running'; elapsedMs: number }
  | { kind: 'done'; job: ReportJob }
  | { kind: 'failed'; message: string }
  | { kind: 'timeout' }
  | { kind: 'request-failed'; message: string };

/** Where a finished report's PDF is (the document's attachment, spec 3 §7.1). */
export function reportHref(job: ReportJob): string | null {
  if (job.document_id === undefined || job.attachment_id === undefined || !job.file_name) return null;
  return buildUrl(`docnote/files/${job.document_id}/${job.attachment_id}/${encodeURIComponent(job.file_name)}`);
}

/**
 * The run's progress (spec 2 §4: polled every 3 seconds): a progress bar while it is queued or
 * generating, with its state in a polite live region; the download link when done; the failure
 * text when it failed.
 */
export function ReportProgress({ state }: { state: RunState }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'failed') return <Notice kind="error">{state.message}</Notice>;
  if (state.kind === 'request-failed') return <Notice kind="error">{state.message}</Notice>;
  if (state.kind === 'timeout') return <Notice kind="info">{REPORT_TEXTS.timeout}</Notice>;
  if (state.kind === 'done') {
    const href = reportHref(state.job);
    return (
      <div className="report-progress">
        <IonProgressBar value={1} aria-label={REPORT_TEXTS.progressLabel} />
        <div className="report-progress__status" role="status" aria-live="polite">
          <p>{REPORT_TEXTS.ready}</p>
        </div>
        {href && (
          <a className="button" href={href} download={state.job.file_name}>
            {REPORT_TEXTS.download}
          </a>
        )}
      </div>
    );
  }
  const status = state.kind === 'requesting' ? 'requesting' : state.status;
  const elapsed = state.kind === 'requesting' ? 0 : state.elapsedMs;
  return (
    <div className="report-progress">
      <IonProgressBar value={progressOf(elapsed, status)} aria-label={REPORT_TEXTS.progressLabel} />
      <div className="report-progress__status" role="status" aria-live="polite">
        <p>{status === 'running' ? REPORT_TEXTS.running : REPORT_TEXTS.queued}</p>
      </div>
    </div>
  );
}
