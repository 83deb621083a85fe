import { addDays, isIsoDate, presetPeriod, type PresetPeriod } from '../../shared/format/iso-dates';
import { MESSAGES_TEXTS } from './messages-texts';

/**
 * The documents' date filter (spec 3 §9 "Date filter options (documents)") as plain functions:
 * the options, the dates each sends as date_from / date_to, the custom range's check and the
 * range the list opens with (settings.documents.defaultDateRange).
 */

/** A choice of the 'Date range' select; 'all' is no date filter at all. */
export type DocumentsDateOption = 'all' | PresetPeriod | 'custom';

/** Spec 3 §9's options, in its order, with its words. */
export const DOCUMENTS_DATE_OPTIONS: readonly { value: Exclude<DocumentsDateOption, 'all'>; label: string }[] = [
  { value: 'current-tax-year', label: 'Current Tax Year' },
  { value: 'previous-tax-year', label: 'Previous Tax Year' },
  { value: 'ytd', label: 'Year To Date' },
  { value: '1y', label: 'One Year' },
  { value: '2y', label: 'Two Years' },
  { value: '3y', label: 'Three Years' },
  { value: 'custom', label: 'Custom' },
];

/** The unfiltered choice, offered where the list opens unfiltered (README, "Decisions"). */
export const ALL_DATES_LABEL = 'All dates';

/**
 * How the list opens: 'all' (the default) unfiltered, Custom then pre-filled with last week to
 * today; 'custom-last-week' filtered to last week to today (spec 3 §9's two readings).
 */
export type DefaultDateRange = 'all' | 'custom-last-week';

/** The date filter as applied: the chosen option and the dates sent ('' sends nothing). */
export interface DocumentsDates {
  dateRange: DocumentsDateOption;
  /** YYYY-MM-DD or ''. */
  dateFrom: string;
  dateTo: string;
}

export const NO_DATES: DocumentsDates = { dateRange: 'all', dateFrom: '', dateTo: '' };

/** Spec 3 §9's default custom range: one week ago to today (25 Nov: 18 Nov to 25 Nov). */
export function lastWeek(today: string): DocumentsDates {
  return { dateRange: 'custom', dateFrom: addDays(today, -7), dateTo: today };
}

/** The filter the list opens with under the setting. */
export function defaultDates(setting: DefaultDateRange, today: string): DocumentsDates {
  return setting === 'custom-last-week' ? lastWeek(today) : NO_DATES;
}

/** The select's choices: 'All dates' first where the list opens unfiltered, then spec 3 §9's. */
export function offeredDateOptions(setting: DefaultDateRange): { value: DocumentsDateOption; label: string }[] {
  return setting === 'all' ? [{ value: 'all', label: ALL_DATES_LABEL }, ...DOCUMENTS_DATE_OPTIONS] : [...DOCUMENTS_DATE_OPTIONS];
}

/**
 * The filter a newly chosen option applies: a preset's period up to today (tax years by the
 * client's region), Custom pre-filled with last week to today, 'all' nothing.
 */
export function datesFor(option: DocumentsDateOption, today: string, region: string): DocumentsDates {
  if (option === 'all') return NO_DATES;
  if (option === 'custom') return lastWeek(today);
  const period = presetPeriod(option, today, region);
  return { dateRange: option, dateFrom: period.startDate, dateTo: period.endDate };
}

export interface CustomDatesCheck {
  from: string | null;
  to: string | null;
  /** Only a valid range is applied (and so sent). */
  valid: boolean;
}

/**
 * The custom range's check: each date empty (no bound on that side) or a real YYYY-MM-DD, and
 * From not after To (the same day is a one-day range).
 */
export function checkCustomDates(from: string, to: string): CustomDatesCheck {
  const fromError = from !== '' && !isIsoDate(from) ? MESSAGES_TEXTS.dateInvalid : null;
  let toError: string | null = to !== '' && !isIsoDate(to) ? MESSAGES_TEXTS.dateInvalid : null;
  if (!fromError && !toError && from !== '' && to !== '' && from > to) toError = MESSAGES_TEXTS.dateFromAfterTo;
  return { from: fromError, to: toError, valid: fromError === null && toError === null };
}
