import { describe, expect, it } from 'vitest';
import { addMonthsClamped, chartFrequency, FREQUENCY, profitAnalysisFrequency } from './chart-frequency';

describe('chart frequency (spec 2 §9: up to 2 years monthly, up to 10 years quarterly, else yearly)', () => {
  it.each([
    ['2025-11-25', '2026-11-25', FREQUENCY.monthly], // one year
    ['2024-01-15', '2026-01-15', FREQUENCY.monthly], // exactly 2 years is "up to"
    ['2024-01-15', '2026-01-16', FREQUENCY.quarterly], // a day more
    ['2016-03-01', '2026-03-01', FREQUENCY.quarterly], // exactly 10 years
    ['2016-03-01', '2026-03-02', FREQUENCY.yearly],
    ['2001-01-01', '2026-11-25', FREQUENCY.yearly],
  ])('%s to %s -> %i', (start, end, code) => {
    expect(chartFrequency(start, end)).toBe(code);
  });

  it('profit analysis adds daily up to a month and weekly up to 8 months', () => {
    expect(profitAnalysisFrequency('2026-10-25', '2026-11-25')).toBe(FREQUENCY.daily);
    expect(profitAnalysisFrequency('2026-10-25', '2026-11-26')).toBe(FREQUENCY.weekly);
    expect(profitAnalysisFrequency('2026-03-25', '2026-11-25')).toBe(FREQUENCY.weekly);
    expect(profitAnalysisFrequency('2026-03-25', '2026-11-26')).toBe(FREQUENCY.monthly);
  });

  it('counts months as the platform does: 31 January plus one month is the end of February', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsClamped('2024-02-29', 12)).toBe('2025-02-28');
    // 31 Jan to 1 Mar is over a month, so weekly rather than daily.
    expect(profitAnalysisFrequency('2026-01-31', '2026-02-28')).toBe(FREQUENCY.daily);
    expect(profitAnalysisFrequency('2026-01-31', '2026-03-01')).toBe(FREQUENCY.weekly);
  });
});
