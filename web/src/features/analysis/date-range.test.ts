import { describe, expect, it } from 'vitest';
import {
  BEFORE_INCEPTION_MESSAGE,
  checkCustomRange,
  dateMessages,
  dateOptions,
  formatRangeDate,
  holdBackEnd,
  resolveRange,
  type RangeContext,
} from './date-range';

// Today is Wednesday 25 November 2026 throughout; ranges are worked out by hand in each case.
const ctx: RangeContext = { today: '2026-11-25', holdBack: false, inception: '2021-03-15', region: 'GB' };

describe('the date options (spec 2 §2.4, §5)', () => {
  it('offers the standard list, and the alternate one with both tax years', () => {
    expect(dateOptions('standard', [])).toEqual(['1y', '2y', '3y', 'inception', 'ytd', 'custom']);
    expect(dateOptions('tax-years', [])).toEqual(['1y', '2y', '3y', 'inception', 'ytd', 'current-tax-year', 'previous-tax-year', 'custom']);
  });

  it('leaves out disabled options but always offers 1 year', () => {
    expect(dateOptions('standard', ['custom', '2y', '3y', 'inception', 'ytd', '1y' as never])).toEqual(['1y']);
    expect(dateOptions('standard', ['2y'])).toEqual(['1y', '3y', 'inception', 'ytd', 'custom']);
  });
});

describe('the range each option gives', () => {
  it('1, 2 and 3 years end today and start that many years before', () => {
    expect(resolveRange({ option: '1y' }, ctx)).toEqual({ startDate: '2025-11-25', endDate: '2026-11-25', name: '1 year' });
    expect(resolveRange({ option: '2y' }, ctx)).toMatchObject({ startDate: '2024-11-25', name: '2 years' });
    expect(resolveRange({ option: '3y' }, ctx)).toMatchObject({ startDate: '2023-11-25', name: '3 years' });
  });

  it('Year to date starts on 1 January of the end’s year', () => {
    expect(resolveRange({ option: 'ytd' }, ctx)).toMatchObject({ startDate: '2026-01-01', endDate: '2026-11-25' });
  });

  it('Since inception starts at the selection’s earliest inception, and resets when the selection changes', () => {
    expect(resolveRange({ option: 'inception' }, ctx).startDate).toBe('2021-03-15');
    // Another selection (a younger account): the same filter now starts at its inception.
    expect(resolveRange({ option: 'inception' }, { ...ctx, inception: '2024-07-01' }).startDate).toBe('2024-07-01');
  });

  it('moves a preset’s start up to the opening of a younger selection', () => {
    // Opened 1 July 2024: 3 years back (25 Nov 2023) is before it.
    expect(resolveRange({ option: '3y' }, { ...ctx, inception: '2024-07-01' }).startDate).toBe('2024-07-01');
  });

  it('the UK tax years run from 6 April to 5 April', () => {
    // 25 Nov 2026 is in the tax year that began 6 April 2026; the previous one is 6 Apr 2025 - 5 Apr 2026.
    expect(resolveRange({ option: 'current-tax-year' }, ctx)).toMatchObject({ startDate: '2026-04-06', endDate: '2026-11-25', name: 'Current Tax Year' });
    expect(resolveRange({ option: 'previous-tax-year' }, ctx)).toMatchObject({ startDate: '2025-04-06', endDate: '2026-04-05', name: 'Previous Tax Year' });
  });

  it('Custom uses the typed dates; an empty start is one year before the end', () => {
    expect(resolveRange({ option: 'custom', customStart: '2024-01-01', customEnd: '2024-06-30' }, ctx)).toEqual({ startDate: '2024-01-01', endDate: '2024-06-30', name: 'Custom' });
    expect(resolveRange({ option: 'custom', customStart: '', customEnd: '2024-06-30' }, ctx).startDate).toBe('2023-06-30');
  });
});

describe('the hold-back rule (spec 2 §5, §9)', () => {
  const held = { ...ctx, holdBack: true };

  it('replaces a chosen end of today with yesterday', () => {
    expect(holdBackEnd('2026-11-25', '2026-11-25', true)).toBe('2026-11-24');
    expect(holdBackEnd('2026-11-25', '2026-11-25', false)).toBe('2026-11-25');
    expect(holdBackEnd('2026-11-20', '2026-11-25', true)).toBe('2026-11-20');
    expect(resolveRange({ option: 'custom', customStart: '2026-01-01', customEnd: '2026-11-25' }, held).endDate).toBe('2026-11-24');
  });

  it('ends every preset yesterday', () => {
    // Yesterday is 24 Nov 2026, so 1 year starts 24 Nov 2025.
    expect(resolveRange({ option: '1y' }, held)).toMatchObject({ startDate: '2025-11-24', endDate: '2026-11-24' });
  });
});

describe('the custom range’s validation (spec 2 §5)', () => {
  const standard = { minDate: '2021-03-15', messages: dateMessages('standard'), set: 'standard' as const };
  const alternate = { minDate: '2021-03-15', messages: dateMessages('alternate'), set: 'alternate' as const };

  it('accepts a valid range and an empty start', () => {
    expect(checkCustomRange('2024-01-01', '2024-06-30', standard)).toEqual({ start: null, end: null, valid: true });
    expect(checkCustomRange('', '2024-06-30', standard).valid).toBe(true);
  });

  it('standard set: the end before the start, on the end date', () => {
    expect(checkCustomRange('2024-06-30', '2024-01-01', standard)).toEqual({ start: null, end: 'You cannot select an End date earlier than the Start date.', valid: false });
  });

  it('alternate set: the same mistake asks for an earlier start date', () => {
    expect(checkCustomRange('2024-06-30', '2024-01-01', alternate)).toEqual({ start: 'Please enter an earlier start date.', end: null, valid: false });
  });

  it('refuses a date not written yyyy-MM-dd or with a year of more than 4 digits, in both sets', () => {
    expect(checkCustomRange('01/02/2024', '2024-06-30', alternate).start).toBe('Invalid date format, please enter the date in the format "DD-MM-YYYY"');
    expect(checkCustomRange('2024-01-01', '202406-06-30', alternate).end).toBe('Invalid date format, please enter the date in the format "DD-MM-YYYY"');
    expect(checkCustomRange('2024-02-30', '2024-06-30', standard)).toMatchObject({ start: 'Please enter a valid date.', valid: false });
  });

  it('uses the configured texts of the standard set', () => {
    const configured = { ...standard, messages: dateMessages('standard', { invalidFormat: 'Dates look like 2024-01-31.', endBeforeStart: 'End first? No.' }) };
    expect(checkCustomRange('x', '2024-01-01', configured).start).toBe('Dates look like 2024-01-31.');
    expect(checkCustomRange('2024-06-30', '2024-01-01', configured).end).toBe('End first? No.');
  });

  it('holds the start to the since-inception date', () => {
    expect(checkCustomRange('2021-03-14', '2024-01-01', standard)).toEqual({ start: BEFORE_INCEPTION_MESSAGE, end: null, valid: false });
    expect(checkCustomRange('2021-03-15', '2024-01-01', standard).valid).toBe(true);
  });
});

describe('the range button’s format (spec 2 §9: Do MMMM YYYY)', () => {
  it('writes ordinal days and full month names', () => {
    expect(formatRangeDate('2025-11-01', 'en-gb')).toBe('1st November 2025');
    expect(formatRangeDate('2026-03-22', 'en-gb')).toBe('22nd March 2026');
  });
});
