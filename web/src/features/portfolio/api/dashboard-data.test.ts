import { describe, expect, it } from 'vitest';
import { earliestInception, endDate, oneYearBefore } from './dashboard-data';
import { sumSeriesValues } from './time-series';

describe('the dashboard’s periods (spec 2 §4, §9)', () => {
  it('ends today, or yesterday under a hold-back period', () => {
    expect(endDate(new Date(2026, 2, 1, 9), false)).toBe('2026-03-01');
    expect(endDate(new Date(2026, 2, 1, 9), true)).toBe('2026-02-28');
  });
  it('starts one year before the end by default (29 February becomes 28)', () => {
    expect(oneYearBefore('2026-11-25')).toBe('2025-11-25');
    expect(oneYearBefore('2028-02-29')).toBe('2027-02-28');
  });
  it('starts since inception at the earliest inception date of the selection', () => {
    expect(earliestInception([{ inceptionDate: '2022-03-01' }, { inceptionDate: null }, { inceptionDate: '2021-11-15' }])).toBe('2021-11-15');
    expect(earliestInception([{ inceptionDate: null }])).toBeUndefined();
  });
});

describe('portfolios’ values summed for the chart', () => {
  it('adds values date by date, in pence', () => {
    // 0.10 + 0.20 is 0.30 exactly, not 0.30000000000000004.
    const a = { startDate: '2026-01-01', points: [{ date: '2026-01-01', value: 0.1, movement: null, twrr: null }] };
    const b = { startDate: '2026-01-01', points: [{ date: '2026-01-01', value: 0.2, movement: null, twrr: null }] };
    expect(sumSeriesValues([a, b])).toEqual([{ date: '2026-01-01', value: 0.3 }]);
  });
  it('counts a portfolio opened later as worth nothing before it opened, and drops dates one series skips', () => {
    const older = {
      startDate: '2021-11-15',
      points: [
        { date: '2021-11-15', value: 100, movement: null, twrr: null },
        { date: '2022-03-31', value: 110, movement: null, twrr: null },
        { date: '2022-06-30', value: 120, movement: null, twrr: null },
      ],
    };
    const newer = {
      startDate: '2022-04-04',
      points: [
        { date: '2022-04-04', value: 50, movement: null, twrr: null },
        { date: '2022-06-30', value: 55, movement: null, twrr: null },
      ],
    };
    // 15 Nov and 31 Mar: before the newer one opened, so 100 and 110; 4 Apr: the older one has
    // no point that day, so the date is dropped; 30 Jun: 120 + 55 = 175.
    expect(sumSeriesValues([older, newer])).toEqual([
      { date: '2021-11-15', value: 100 },
      { date: '2022-03-31', value: 110 },
      { date: '2022-06-30', value: 175 },
    ]);
  });
});
