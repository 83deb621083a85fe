import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate, localToday, presetPeriod, taxYearStart, yearsBefore } from './iso-dates';

describe('ISO date checks and arithmetic', () => {
  it('accepts real yyyy-MM-dd dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    // 2025 is not a leap year; 30 February never exists; a 5-digit year is refused (spec 2 §5).
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-30')).toBe(false);
    expect(isIsoDate('12024-01-01')).toBe(false);
    expect(isIsoDate('01/02/2024')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('moves by days across months and years', () => {
    // 25 Nov less 7 days is 18 Nov; 3 Jan less 7 days is 27 Dec of the year before.
    expect(addDays('2026-11-25', -7)).toBe('2026-11-18');
    expect(addDays('2026-01-03', -7)).toBe('2025-12-27');
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
  });

  it('goes back whole years; 29 February becomes 28 February', () => {
    expect(yearsBefore('2026-11-25', 3)).toBe('2023-11-25');
    expect(yearsBefore('2024-02-29', 1)).toBe('2023-02-28');
  });

  it('writes today in the browser’s zone', () => {
    // Vitest runs with TZ=UTC: 23:30 on 25 Nov is still the 25th.
    expect(localToday(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-25');
  });
});

describe('tax years by region', () => {
  it('start on 6 April in GB, 1 July in AU, 1 April in NZ and 1 January elsewhere', () => {
    expect(taxYearStart('2026-11-25', 'GB')).toBe('2026-04-06');
    // 5 April 2026 still belongs to the year that began 6 April 2025; the 6th starts the next.
    expect(taxYearStart('2026-04-05', 'GB')).toBe('2025-04-06');
    expect(taxYearStart('2026-04-06', 'gb')).toBe('2026-04-06');
    expect(taxYearStart('2026-11-25', 'AU')).toBe('2026-07-01');
    // 30 June 2026 is the last day of the Australian year that began 1 July 2025.
    expect(taxYearStart('2026-06-30', 'AU')).toBe('2025-07-01');
    expect(taxYearStart('2026-03-31', 'NZ')).toBe('2025-04-01');
    expect(taxYearStart('2026-11-25', 'US')).toBe('2026-01-01');
  });
});

describe('preset periods', () => {
  // The last day is Wednesday 25 November 2026 throughout; each range is worked out by hand.
  const last = '2026-11-25';

  it('1, 2 and 3 years start that many years before the last day', () => {
    expect(presetPeriod('1y', last, 'GB')).toEqual({ startDate: '2025-11-25', endDate: last });
    expect(presetPeriod('2y', last, 'GB')).toEqual({ startDate: '2024-11-25', endDate: last });
    expect(presetPeriod('3y', last, 'GB')).toEqual({ startDate: '2023-11-25', endDate: last });
  });

  it('year to date starts on 1 January', () => {
    expect(presetPeriod('ytd', last, 'GB')).toEqual({ startDate: '2026-01-01', endDate: last });
  });

  it('the current tax year runs to the last day; the previous one is the whole year before', () => {
    // GB: the year began 6 Apr 2026; the previous one ran 6 Apr 2025 - 5 Apr 2026.
    expect(presetPeriod('current-tax-year', last, 'GB')).toEqual({ startDate: '2026-04-06', endDate: last });
    expect(presetPeriod('previous-tax-year', last, 'GB')).toEqual({ startDate: '2025-04-06', endDate: '2026-04-05' });
    // AU: the year began 1 Jul 2026; the previous one ran 1 Jul 2025 - 30 Jun 2026.
    expect(presetPeriod('current-tax-year', last, 'AU')).toEqual({ startDate: '2026-07-01', endDate: last });
    expect(presetPeriod('previous-tax-year', last, 'AU')).toEqual({ startDate: '2025-07-01', endDate: '2026-06-30' });
    // Elsewhere the calendar year: the previous one is 1 Jan - 31 Dec 2025.
    expect(presetPeriod('previous-tax-year', last, 'US')).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
  });
});
