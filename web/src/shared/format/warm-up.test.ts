import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, formatPercent } from './numbers';
import { warmUpFormats } from './warm-up';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('warmUpFormats', () => {
  it('looks the locale up when the browser is idle, so the first figures shown do not', () => {
    const lookUp = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    warmUpFormats('en-ca', 'CAD');
    // Nothing yet: it waits for an idle period.
    expect(lookUp).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(lookUp).toHaveBeenCalledWith('en-CA');
    lookUp.mockClear();
    expect(formatMoney(1234.5, 'CAD', 'en-ca')).toBe('$1,234.50');
    expect(formatPercent(7.93, 'en-ca')).toBe('7.93%');
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('does nothing once cancelled', () => {
    const lookUp = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const cancel = warmUpFormats('en-au', 'AUD');
    cancel();
    vi.runAllTimers();
    expect(lookUp).not.toHaveBeenCalled();
  });
});
