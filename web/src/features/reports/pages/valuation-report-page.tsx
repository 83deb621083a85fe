import { useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { useClientData } from '../../../shared/api/client-data';
import { useClientCapabilities } from '../../../shared/api/client-capabilities';
import { localToday } from '../../../shared/format/iso-dates';
import { ApiError } from '../../../shared/http';
import { useClientScope } from '../../../shared/session/client-scope';
import { useSession } from '../../../shared/session/session-context';
import { Field, fieldAria, Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { useToast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { fetchReportJob } from '../api/report-job';
import { useReportChoices } from '../api/report-choices';
import { useReportTemplates, type ReportTemplate } from '../api/report-templates';
import { DEFAULT_TEMPLATE, runReport, type RunReportBody } from '../api/run-report';
import { ReportProgress, reportHref, type RunState } from '../components/report-progress';
import { formErrors, formReducer, initialForm, needsDate, needsEntity, needsSelection, requestBody, type Member } from '../report-form';
import { pollReportJob } from '../report-polling';
import { REPORT_TEXTS } from '../report-texts';
import '../reports.css';

/** Starts the browser's download of a finished report (the link is the document's attachment). */
function download(href: string, filename: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * Valuation report (spec 2 §2.6) at /clients/valuation-report: the form of the viewer's templates
 * (clients the Client ones, an adviser with a client in context the Adviser ones), or 'Generate
 * report' without templates; after the request the toast of spec 2 §8, the job polled every 3
 * seconds with a progress bar, the PDF downloaded when done and kept in Messages and documents.
 */
export default function ValuationReportPage() {
  usePageTitle(REPORT_TEXTS.heading);
  const { user } = useSession();
  const scope = useClientScope();
  const userType = user?.role_name === 'ClientUser' ? 'Client' : 'Adviser';
  const templates = useReportTemplates(userType, scope !== null);
  if (!scope) return null;
  return (
    <div className="page-card valuation-report-page">
      <h1>{REPORT_TEXTS.heading}</h1>
      <p className="valuation-report-page__intro">{REPORT_TEXTS.intro}</p>
      <Notice kind="info">{REPORT_TEXTS.info}</Notice>
      {templates.isPending ? (
        <InlineLoading label="Loading your report types" />
      ) : templates.isError ? (
        <Notice kind="error">{REPORT_TEXTS.loadFailed}</Notice>
      ) : (
        <ReportRunner templates={templates.data} self={scope.entityId} />
      )}
    </div>
  );
}

function ReportRunner({ templates, self }: { templates: readonly ReportTemplate[]; self: number }) {
  const toast = useToast();
  const [run, setRun] = useState<RunState>({ kind: 'idle' });
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const start = async (templateId: number | typeof DEFAULT_TEMPLATE, body: RunReportBody) => {
    stop.current?.();
    setRun({ kind: 'requesting' });
    let jobId: number;
    try {
      jobId = await runReport(templateId, body);
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 500 && error.message ? error.message : REPORT_TEXTS.requestFailed;
      setRun({ kind: 'request-failed', message });
      return;
    }
    toast.show({ kind: 'info', message: REPORT_TEXTS.toast, durationMs: 10_000 });
    setRun({ kind: 'polling', jobId, status: 'queued', elapsedMs: 0 });
    stop.current = pollReportJob(
      (signal) => fetchReportJob(jobId, signal),
      (update) => {
        if (update.kind === 'timeout') return setRun({ kind: 'timeout' });
        const { job } = update;
        if (job.status === 'done') {
          setRun({ kind: 'done', job });
          const href = reportHref(job);
          if (href && job.file_name) download(href, job.file_name);
        } else if (job.status === 'failed') {
          setRun({ kind: 'failed', message: job.message || REPORT_TEXTS.failed });
        } else {
          setRun({ kind: 'polling', jobId, status: job.status, elapsedMs: update.elapsedMs });
        }
      },
    );
  };
  const busy = run.kind === 'requesting' || run.kind === 'polling';

  return (
    <>
      {templates.length === 0 ? (
        <div className="form-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void start(DEFAULT_TEMPLATE, { variables: {} })}>
            {REPORT_TEXTS.generate}
          </button>
        </div>
      ) : (
        <ReportForm templates={templates} self={self} busy={busy} onRun={(t, body) => void start(t.id, body)} />
      )}
      <ReportProgress state={run} />
    </>
  );
}

interface FormProps {
  templates: readonly ReportTemplate[];
  self: number;
  busy: boolean;
  onRun(template: ReportTemplate, body: RunReportBody): void;
}

function ReportForm({ templates, self, busy, onRun }: FormProps) {
  const clientData = useClientData();
  const capabilities = useClientCapabilities(self);
  const today = useMemo(() => localToday(new Date()), []);
  // 'Me' first, then the related entities the viewer may see (spec 2 §2.6, §6): login_accessible
  // members (the client data keeps only those), and only with view_partner, as on the balance sheet.
  const viewPartner = capabilities.data?.view_partner === true;
  const members: Member[] = useMemo(() => {
    const related =
      clientData.status === 'loaded' && viewPartner
        ? clientData.data.members
            .filter((m) => m.entity_id !== self)
            .map((m) => ({ entityId: m.entity_id, name: `${m.first_name} ${m.last_name}`.trim() || m.entity_name }))
        : [];
    return [{ entityId: self, name: REPORT_TEXTS.me }, ...related];
  }, [clientData, self, viewPartner]);
  const reducer = useMemo(() => formReducer(members, today), [members, today]);
  const [form, dispatch] = useReducer(reducer, undefined, () => initialForm(templates, members, today));
  const [submitted, setSubmitted] = useState(false);
  const template = templates.find((t) => t.id === form.templateId) ?? null;
  const choices = useReportChoices(needsSelection(template) ? form.entityId : null);
  const errors = submitted ? formErrors(form, template) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!template || busy || Object.keys(formErrors(form, template)).length > 0) return;
    onRun(template, requestBody(form, template, self));
  };

  return (
    <form className="report-form" noValidate onSubmit={submit}>
      <Field id="report-type" label={REPORT_TEXTS.reportType}>
        <select
          id="report-type"
          value={form.templateId ?? ''}
          onChange={(event) => {
            const next = templates.find((t) => t.id === Number(event.target.value));
            if (next) dispatch({ type: 'template', template: next });
          }}
        >
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      {needsEntity(template) && (
        <Field id="report-entity" label={REPORT_TEXTS.runFor}>
          <select id="report-entity" value={form.entityId ?? ''} onChange={(event) => dispatch({ type: 'entity', entityId: Number(event.target.value) })}>
            {members.map((m) => (
              <option key={m.entityId} value={m.entityId}>
                {m.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      {needsSelection(template) && (
        <Field
          id="report-selection"
          label={template?.requiredSelector === 'Account Group' ? REPORT_TEXTS.group : REPORT_TEXTS.selection}
          error={errors.selection}
        >
          <select
            {...fieldAria('report-selection', errors.selection)}
            value={form.selection}
            onChange={(event) => dispatch({ type: 'selection', value: event.target.value })}
          >
            <option value="">{REPORT_TEXTS.chooseSelection}</option>
            {choices.data && choices.data.groups.length > 0 && (
              <optgroup label="Account groups">
                {choices.data.groups.map((g) => (
                  <option key={g.code} value={`group:${g.code}`}>
                    {g.name}
                  </option>
                ))}
              </optgroup>
            )}
            {choices.data && template?.requiredSelector === 'Account Group Or Account' && choices.data.accounts.length > 0 && (
              <optgroup label="Accounts">
                {choices.data.accounts.map((a) => (
                  <option key={a.id} value={`account:${a.id}`}>
                    {a.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </Field>
      )}
      {needsDate(template) && (
        <fieldset className="report-form__timeframe">
          <legend>{REPORT_TEXTS.timeframe}</legend>
          {template?.dateParameters === 'Single Date' ? (
            <Field id="report-as-at" label={REPORT_TEXTS.asAt} error={errors.asAt}>
              <input type="date" max={today} {...fieldAria('report-as-at', errors.asAt)} value={form.asAt} onChange={(e) => dispatch({ type: 'asAt', value: e.target.value })} />
            </Field>
          ) : (
            <>
              <label className="checkbox">
                <input type="checkbox" checked={form.sinceInception} onChange={(e) => dispatch({ type: 'sinceInception', value: e.target.checked })} />{' '}
                {REPORT_TEXTS.sinceInception}
              </label>
              {!form.sinceInception && (
                <Field id="report-from" label={REPORT_TEXTS.from} error={errors.from}>
                  <input type="date" max={today} {...fieldAria('report-from', errors.from)} value={form.from} onChange={(e) => dispatch({ type: 'from', value: e.target.value })} />
                </Field>
              )}
              <Field id="report-to" label={REPORT_TEXTS.to} error={errors.to}>
                <input type="date" max={today} {...fieldAria('report-to', errors.to)} value={form.to} onChange={(e) => dispatch({ type: 'to', value: e.target.value })} />
              </Field>
            </>
          )}
        </fieldset>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {REPORT_TEXTS.run}
        </button>
      </div>
    </form>
  );
}
