import advancedFormat from 'dayjs/plugin/advancedFormat';
import { dateLocale, dayjs } from '../../shared/format/dates';
import { addDays, isIsoDate, presetPeriod, yearsBefore } from '../../shared/format/iso-dates';
import type { DateMessageSet, DateOptionList } from './analysis-settings';

// 'Do' (1st, 2nd ...) of the range button's format needs the advanced-format plugin.
dayjs.extend(advancedFormat);

/**
 * The date range filter of spec 2 §2.4 and its rules of §4, §5 and §9 as plain functions: the
 * options, the range each gives, the custom range's validation with both message sets, the
 * hold-back rule and the button's format. Dates are ISO YYYY-MM-DD strings throughout.
 */

export type DateOptionKey = '1y' | '2y' | '3y' | 'inception' | 'ytd' | 'current-tax-year' | 'previous-tax-year' | 'custom';

export const DATE_OPTION_LABELS: Record<DateOptionKey, string> = {
  '1y': '1 year',
  '2y': '2 years',
  '3y': '3 years',
  inception: 'Since inception',
  ytd: 'Year to date',
  'current-tax-year': 'Current Tax Year',
  'previous-tax-year': 'Previous Tax Year',
  custom: 'Custom',
};

const STANDARD: DateOptionKey[] = ['1y', '2y', '3y', 'inception', 'ytd', 'custom'];
const TAX_YEARS: DateOptionKey[] = ['1y', '2y', '3y', 'inception', 'ytd', 'current-tax-year', 'previous-tax-year', 'custom'];

/** Spec 2 §2.4 and §5: the offered options; 1 year is always offered, whatever is disabled. */
export function dateOptions(list: DateOptionList, disabled: readonly DateOptionKey[]): DateOptionKey[] {
  return (list === 'tax-years' ? TAX_YEARS : STANDARD).filter((key) => key === '1y' || !disabled.includes(key));
}

/** The filter as chosen: an option, and for Custom the two inputs as typed (may be empty). */
export interface DateFilter {
  option: DateOptionKey;
  customStart?: string;
  customEnd?: string;
}

export const DEFAULT_DATE_FILTER: DateFilter = { option: '1y' };

/** Spec 2 §3 "Date filter": startDate, endDate, name. */
export interface DateRange {
  startDate: string;
  endDate: string;
  name: string;
}

/** Spec 2 §9: the last day with data: yesterday under a hold-back period, else today. */
export function lastDataDay(today: string, holdBack: boolean): string {
  return holdBack ? addDays(today, -1) : today;
}

/** Spec 2 §5: with a hold-back period a chosen end date of today is replaced by yesterday. */
export function holdBackEnd(end: string, today: string, holdBack: boolean): string {
  return holdBack && end === today ? addDays(today, -1) : end;
}

export interface RangeContext {
  /** Today in the browser's zone. */
  today: string;
  holdBack: boolean;
  /** The earliest inception date of the selection (spec 2 §4), when known. */
  inception: string | undefined;
  region: string;
}

/**
 * The range a filter gives (spec 2 §2.4, §4, §9). A preset's start before the selection's
 * opening is moved up to it, so a young account shows its whole life instead of the platform's
 * refusal (README, "Decisions"); Custom is held to the opening by its validation instead.
 */
export function resolveRange(filter: DateFilter, ctx: RangeContext): DateRange {
  const last = lastDataDay(ctx.today, ctx.holdBack);
  const name = DATE_OPTION_LABELS[filter.option];
  const clamp = (start: string) => (ctx.inception && start < ctx.inception ? ctx.inception : start);
  switch (filter.option) {
    case 'inception':
      // Spec 2 §4: the range follows the selection, so a new selection resets the start to its
      // own earliest inception.
      return { startDate: ctx.inception ?? yearsBefore(last, 1), endDate: last, name };
    case 'custom': {
      let end = filter.customEnd && isIsoDate(filter.customEnd) ? filter.customEnd : last;
      end = holdBackEnd(end, ctx.today, ctx.holdBack);
      if (end > last) end = last;
      // Spec 2 §5: an empty start defaults to one year ago.
      const start = filter.customStart && isIsoDate(filter.customStart) ? filter.customStart : yearsBefore(end, 1);
      return { startDate: start, endDate: end, name };
    }
    default: {
      const period = presetPeriod(filter.option, last, ctx.region);
      return { startDate: clamp(period.startDate), endDate: period.endDate, name };
    }
  }
}

export interface DateMessages {
  invalidFormat: string;
  endBeforeStart: string;
  /** A start before the since-inception date (the input's minimum). */
  beforeInception: string;
}

/** Spec 2 §8: the platform's refusal of a start before the opening date, used for the input's minimum too. */
export const BEFORE_INCEPTION_MESSAGE = 'The date range selected is earlier than the portfolio / account opening date.';

/** Spec 2 §5's two message sets; the standard one takes the configured texts when given. */
export function dateMessages(set: DateMessageSet, configured: { invalidFormat?: string | null; endBeforeStart?: string | null } = {}): DateMessages {
  if (set === 'alternate') {
    return {
      invalidFormat: 'Invalid date format, please enter the date in the format "DD-MM-YYYY"',
      endBeforeStart: 'Please enter an earlier start date.',
      beforeInception: BEFORE_INCEPTION_MESSAGE,
    };
  }
  return {
    invalidFormat: configured.invalidFormat ?? 'Please enter a valid date.',
    endBeforeStart: configured.endBeforeStart ?? 'You cannot select an End date earlier than the Start date.',
    beforeInception: BEFORE_INCEPTION_MESSAGE,
  };
}

export interface CustomRangeCheck {
  start: string | null;
  end: string | null;
  /** Apply is enabled only when valid (spec 2 §5). */
  valid: boolean;
}

/**
 * Spec 2 §5: both dates valid yyyy-MM-dd (an empty start is allowed: one year ago; an empty end
 * is the last day with data), the start not before the since-inception date, the end not before
 * the start. The end-before-start message belongs to the end date in the standard set and to
 * the start date in the alternate one ('Please enter an earlier start date.').
 */
export function checkCustomRange(start: string, end: string, opts: { minDate: string | undefined; messages: DateMessages; set: DateMessageSet }): CustomRangeCheck {
  const { messages, minDate } = opts;
  let startError: string | null = null;
  let endError: string | null = null;
  if (start !== '' && !isIsoDate(start)) startError = messages.invalidFormat;
  if (end !== '' && !isIsoDate(end)) endError = messages.invalidFormat;
  if (!startError && start !== '' && minDate && start < minDate) startError = messages.beforeInception;
  if (!startError && !endError && start !== '' && end !== '' && end < start) {
    if (opts.set === 'alternate') startError = messages.endBeforeStart;
    else endError = messages.endBeforeStart;
  }
  return { start: startError, end: endError, valid: startError === null && endError === null };
}

/** Spec 2 §9: the range button's dates, 'Do MMMM YYYY' in the user's locale. */
export function formatRangeDate(date: string, locale: string): string {
  return dayjs(date).locale(dateLocale(locale)).format('Do MMMM YYYY');
}
