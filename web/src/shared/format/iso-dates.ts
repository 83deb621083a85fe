import { dayjs } from './dates';

/**
 * Calendar arithmetic on ISO YYYY-MM-DD dates, shared by every date filter (spec 2 §2.4, spec 3
 * §9): today, days and years back, and the periods the filters name (years, year to date, tax
 * years by region). Dates are plain calendar days; dayjs does the arithmetic.
 */

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const FORMAT = 'YYYY-MM-DD';

/** Whether a text is a real date written yyyy-MM-dd (a year of at most 4 digits, spec 2 §5). */
export function isIsoDate(value: string): boolean {
  // dayjs rolls an impossible day over (30 February is 2 March), so a real date reads back the same.
  return ISO.test(value) && dayjs(value).format(FORMAT) === value;
}

/** n days after (or before, n < 0) a date. */
export function addDays(date: string, n: number): string {
  return dayjs(date).add(n, 'day').format(FORMAT);
}

/** n years before a date; 29 February becomes 28 February. */
export function yearsBefore(date: string, n: number): string {
  return dayjs(date).subtract(n, 'year').format(FORMAT);
}

/** Today as YYYY-MM-DD in the browser's zone. */
export function localToday(now: Date): string {
  return dayjs(now).format(FORMAT);
}

/** Where each region's tax year starts (month, day); elsewhere 1 January. */
const TAX_YEAR_STARTS: Record<string, [month: number, day: number]> = { GB: [4, 6], AU: [7, 1], NZ: [4, 1] };

/**
 * The first day of the tax year a date falls in, by region: 6 April in the UK, 1 July in
 * Australia, 1 April in New Zealand, else 1 January (README, "Decisions").
 */
export function taxYearStart(date: string, region: string): string {
  const [month, day] = TAX_YEAR_STARTS[region.toUpperCase()] ?? [1, 1];
  const thisYear = dayjs(date)
    .startOf('year')
    .month(month - 1)
    .date(day)
    .format(FORMAT);
  return date >= thisYear ? thisYear : yearsBefore(thisYear, 1);
}

/** The periods both date filters offer, each ending on (or before) a given last day. */
export type PresetPeriod = '1y' | '2y' | '3y' | 'ytd' | 'current-tax-year' | 'previous-tax-year';

/**
 * The dates a preset covers up to the last day: 1, 2 or 3 years back from it, 1 January of its
 * year, the tax year it falls in, or the whole tax year before that one.
 */
export function presetPeriod(preset: PresetPeriod, last: string, region: string): { startDate: string; endDate: string } {
  switch (preset) {
    case '1y':
      return { startDate: yearsBefore(last, 1), endDate: last };
    case '2y':
      return { startDate: yearsBefore(last, 2), endDate: last };
    case '3y':
      return { startDate: yearsBefore(last, 3), endDate: last };
    case 'ytd':
      return { startDate: dayjs(last).startOf('year').format(FORMAT), endDate: last };
    case 'current-tax-year':
      return { startDate: taxYearStart(last, region), endDate: last };
    case 'previous-tax-year': {
      const endDate = addDays(taxYearStart(last, region), -1);
      return { startDate: taxYearStart(endDate, region), endDate };
    }
  }
}
