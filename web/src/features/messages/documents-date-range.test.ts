import { describe, expect, it } from 'vitest';
import { checkCustomDates, datesFor, defaultDates, offeredDateOptions } from './documents-date-range';
import { initialFilters, listParams, viewReducer, type MessagesViewState } from './messages-rules';

// Today is Wednesday 25 November 2026 throughout; every range is worked out by hand.
const today = '2026-11-25';

describe('the documents’ date options (spec 3 §9)', () => {
  it('offers the spec’s options in its order, after All dates where the list opens unfiltered', () => {
    const spec = ['Current Tax Year', 'Previous Tax Year', 'Year To Date', 'One Year', 'Two Years', 'Three Years', 'Custom'];
    expect(offeredDateOptions('all').map((option) => option.label)).toEqual(['All dates', ...spec]);
    expect(offeredDateOptions('custom-last-week').map((option) => option.label)).toEqual(spec);
  });
});

describe('the dates each option sends', () => {
  it('GB: tax years from 6 April', () => {
    // 25 Nov 2026 is in the tax year that began 6 Apr 2026; the one before ran 6 Apr 2025 - 5 Apr 2026.
    expect(datesFor('current-tax-year', today, 'GB')).toEqual({ dateRange: 'current-tax-year', dateFrom: '2026-04-06', dateTo: '2026-11-25' });
    expect(datesFor('previous-tax-year', today, 'GB')).toEqual({ dateRange: 'previous-tax-year', dateFrom: '2025-04-06', dateTo: '2026-04-05' });
  });

  it('AU: tax years from 1 July', () => {
    // 25 Nov 2026 is in the year that began 1 Jul 2026; the one before ran 1 Jul 2025 - 30 Jun 2026.
    expect(datesFor('current-tax-year', today, 'AU')).toEqual({ dateRange: 'current-tax-year', dateFrom: '2026-07-01', dateTo: '2026-11-25' });
    expect(datesFor('previous-tax-year', today, 'AU')).toEqual({ dateRange: 'previous-tax-year', dateFrom: '2025-07-01', dateTo: '2026-06-30' });
  });

  it('Year To Date from 1 January; One, Two and Three Years back from today', () => {
    expect(datesFor('ytd', today, 'GB')).toEqual({ dateRange: 'ytd', dateFrom: '2026-01-01', dateTo: '2026-11-25' });
    expect(datesFor('1y', today, 'GB')).toEqual({ dateRange: '1y', dateFrom: '2025-11-25', dateTo: '2026-11-25' });
    expect(datesFor('2y', today, 'GB')).toEqual({ dateRange: '2y', dateFrom: '2024-11-25', dateTo: '2026-11-25' });
    expect(datesFor('3y', today, 'GB')).toEqual({ dateRange: '3y', dateFrom: '2023-11-25', dateTo: '2026-11-25' });
  });

  it('Custom starts as last week to today; All dates sends nothing', () => {
    // One week before 25 Nov is 18 Nov.
    expect(datesFor('custom', today, 'GB')).toEqual({ dateRange: 'custom', dateFrom: '2026-11-18', dateTo: '2026-11-25' });
    expect(datesFor('all', today, 'GB')).toEqual({ dateRange: 'all', dateFrom: '', dateTo: '' });
  });

  it('are sent as date_from and date_to; All dates sends neither', () => {
    const context = { importantCategoryId: 3, customFolders: [] };
    const taxYear = listParams(initialFilters('inbox', datesFor('current-tax-year', today, 'GB')), context, null);
    expect(taxYear).toMatchObject({ date_from: '2026-04-06', date_to: '2026-11-25' });
    const all = listParams(initialFilters('inbox', datesFor('all', today, 'GB')), context, null);
    expect(all.date_from).toBeUndefined();
    expect(all.date_to).toBeUndefined();
  });
});

describe('the default range (settings.documents.defaultDateRange)', () => {
  it("'all' opens the list unfiltered", () => {
    expect(defaultDates('all', today)).toEqual({ dateRange: 'all', dateFrom: '', dateTo: '' });
  });

  it("'custom-last-week' opens it on a custom range from one week ago to today", () => {
    expect(defaultDates('custom-last-week', today)).toEqual({ dateRange: 'custom', dateFrom: '2026-11-18', dateTo: '2026-11-25' });
    // Across a year end: 3 Jan 2027 less 7 days is 27 Dec 2026.
    expect(defaultDates('custom-last-week', '2027-01-03')).toMatchObject({ dateFrom: '2026-12-27', dateTo: '2027-01-03' });
  });
});

describe('the custom range’s check', () => {
  it('accepts From before or on To, and an empty side (no bound)', () => {
    expect(checkCustomDates('2026-11-01', '2026-11-25')).toEqual({ from: null, to: null, valid: true });
    expect(checkCustomDates('2026-11-25', '2026-11-25').valid).toBe(true);
    expect(checkCustomDates('', '2026-11-25').valid).toBe(true);
    expect(checkCustomDates('2026-11-01', '').valid).toBe(true);
  });

  it('refuses From after To, on To, with a clear message', () => {
    expect(checkCustomDates('2026-11-26', '2026-11-25')).toEqual({ from: null, to: 'The From date cannot be after the To date.', valid: false });
  });

  it('refuses a date that is not a real YYYY-MM-DD', () => {
    expect(checkCustomDates('2026-02-30', '2026-11-25')).toEqual({ from: 'Please enter a valid date.', to: null, valid: false });
    expect(checkCustomDates('2026-11-01', '25/11/2026')).toEqual({ from: null, to: 'Please enter a valid date.', valid: false });
  });
});

describe('changing the range resets paging and selection (spec 3 §4.1)', () => {
  it('clears the selected document and keeps the folder', () => {
    const selected: MessagesViewState = { filters: initialFilters('important'), selectedId: 7, autoSelected: false };
    const next = viewReducer(selected, { type: 'dates', ...datesFor('1y', today, 'GB') });
    expect(next.selectedId).toBeNull();
    expect(next.filters).toMatchObject({ folder: 'important', dateRange: '1y', dateFrom: '2025-11-25', dateTo: '2026-11-25' });
  });
});
