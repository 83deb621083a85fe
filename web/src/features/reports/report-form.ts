import { isIsoDate, yearsBefore } from '../../shared/format/iso-dates';
import type { RunReportBody } from './api/run-report';
import type { ReportTemplate } from './api/report-templates';
import { REPORT_TEXTS } from './report-texts';

/**
 * The valuation report form (spec 2 §2.6) as plain state and rules: Report type, 'Run report
 * for' (an entity: 'Me' first, then related entities; an account group or account when the
 * template needs one), Timeframe (a single date or a range), and the reset rules when the
 * template changes.
 */
export interface ReportFormState {
  templateId: number | null;
  /** The chosen entity's id; the first member ('Me') is the default. */
  entityId: number | null;
  /** '' (none), 'group:{code}' or 'account:{id}'. */
  selection: string;
  asAt: string;
  from: string;
  to: string;
  sinceInception: boolean;
}

export interface Member {
  entityId: number;
  name: string;
}

export type FormAction =
  | { type: 'template'; template: ReportTemplate }
  | { type: 'entity'; entityId: number }
  | { type: 'selection'; value: string }
  | { type: 'asAt'; value: string }
  | { type: 'from'; value: string }
  | { type: 'to'; value: string }
  | { type: 'sinceInception'; value: boolean };

/** Whether the template lets the user choose whom the report is about. */
export const needsEntity = (t: ReportTemplate | null) => t !== null && t.requiredSelector !== 'Current Client Only';

/** Whether the template needs an account group ('Account Group') or a group or account. */
export const needsSelection = (t: ReportTemplate | null) =>
  t !== null && (t.requiredSelector === 'Account Group' || t.requiredSelector === 'Account Group Or Account');

export const needsDate = (t: ReportTemplate | null) => t !== null && t.dateParameters !== 'No Date Required';

/** The form for the first template, members[0] ('Me') chosen, dates from today. */
export function initialForm(templates: readonly ReportTemplate[], members: readonly Member[], today: string): ReportFormState {
  const empty: ReportFormState = { templateId: null, entityId: members[0]?.entityId ?? null, selection: '', asAt: '', from: '', to: '', sinceInception: false };
  return templates[0] ? withTemplate(empty, templates[0], members, today) : empty;
}

/**
 * A template chosen: spec 2 §2.6's resets (the entity back to the first member when the
 * template does not need one; the group selection cleared when not needed; the dates cleared
 * when no date is required), and dates a new dated template needs start from spec 2 §9's
 * default (today; a range of the last year).
 */
export function withTemplate(state: ReportFormState, t: ReportTemplate, members: readonly Member[], today: string): ReportFormState {
  const next: ReportFormState = { ...state, templateId: t.id };
  if (!needsEntity(t)) next.entityId = members[0]?.entityId ?? null;
  if (!needsSelection(t)) next.selection = '';
  else if (t.requiredSelector === 'Account Group' && next.selection.startsWith('account:')) next.selection = '';
  if (!needsDate(t)) return { ...next, asAt: '', from: '', to: '', sinceInception: false };
  if (t.dateParameters === 'Single Date') {
    return { ...next, asAt: next.asAt || next.to || today, from: '', to: '', sinceInception: false };
  }
  return { ...next, asAt: '', from: next.from || yearsBefore(today, 1), to: next.to || next.asAt || today };
}

export function formReducer(members: readonly Member[], today: string) {
  return (state: ReportFormState, action: FormAction): ReportFormState => {
    switch (action.type) {
      case 'template':
        return withTemplate(state, action.template, members, today);
      case 'entity':
        // Groups and accounts belong to an entity: another entity's are not offered.
        return state.entityId === action.entityId ? state : { ...state, entityId: action.entityId, selection: '' };
      case 'selection':
        return { ...state, selection: action.value };
      case 'asAt':
        return { ...state, asAt: action.value };
      case 'from':
        return { ...state, from: action.value };
      case 'to':
        return { ...state, to: action.value };
      case 'sinceInception':
        return { ...state, sinceInception: action.value };
    }
  };
}

export interface FormErrors {
  selection?: string;
  asAt?: string;
  from?: string;
  to?: string;
}

/** What stops the form from running (spec 2 §5's date rules). */
export function formErrors(state: ReportFormState, t: ReportTemplate | null): FormErrors {
  const errors: FormErrors = {};
  if (!t) return errors;
  if (needsSelection(t) && !state.selection) {
    errors.selection = t.requiredSelector === 'Account Group' ? REPORT_TEXTS.groupRequired : REPORT_TEXTS.selectionRequired;
  }
  if (t.dateParameters === 'Single Date' && !isIsoDate(state.asAt)) errors.asAt = REPORT_TEXTS.dateRequired;
  if (t.dateParameters === 'Date Range') {
    if (!isIsoDate(state.to)) errors.to = REPORT_TEXTS.dateRequired;
    if (!state.sinceInception) {
      if (!isIsoDate(state.from)) errors.from = REPORT_TEXTS.dateRequired;
      else if (isIsoDate(state.to) && state.to < state.from) errors.to = REPORT_TEXTS.endBeforeStart;
    }
  }
  return errors;
}

/** The valuation request the form makes (spec 2 §3), for the client `self` by default. */
export function requestBody(state: ReportFormState, t: ReportTemplate, self: number): RunReportBody {
  const body: RunReportBody = { variables: {} };
  if (needsEntity(t) && state.entityId !== null && state.entityId !== self) body.entityid = state.entityId;
  if (needsSelection(t)) {
    const [kind, value] = splitSelection(state.selection);
    if (kind === 'group') {
      body.group_code = value;
      body.variables.report_type = 'group';
    } else if (kind === 'account') {
      body.variables.report_type = 'account';
      body.variables.accountid = Number(value);
    }
  }
  if (t.dateParameters === 'Single Date') body.variables.as_at_date = state.asAt;
  if (t.dateParameters === 'Date Range') {
    body.variables.to_date = state.to;
    if (state.sinceInception) body.variables.since_inception = true;
    else body.variables.from_date = state.from;
  }
  return body;
}

function splitSelection(selection: string): [string, string] {
  const at = selection.indexOf(':');
  return at < 0 ? ['', ''] : [selection.slice(0, at), selection.slice(at + 1)];
}
