import { describe, expect, it } from 'vitest';
import { dateLocale, formatLastLogin } from './dates';

describe('formatLastLogin', () => {
  it('formats D MMM YYYY H:mm with the zone abbreviation', () => {
    expect(formatLastLogin('2026-11-20T09:14:03Z', 'Europe/London')).toBe('20 Nov 2026 9:14 GMT');
    expect(formatLastLogin('2026-07-02T16:05:00Z', 'Europe/London')).toBe('2 Jul 2026 17:05 BST');
  });
  it('uses the browser zone by default', () => {
    // Vitest runs with TZ=UTC.
    expect(formatLastLogin('2026-11-20T09:14:03Z')).toBe('20 Nov 2026 9:14 UTC');
  });
  it('returns null without a last login', () => {
    expect(formatLastLogin(null)).toBeNull();
    expect(formatLastLogin('not a date')).toBeNull();
  });
});

describe('dateLocale', () => {
  it('keeps supported locales and falls back to en-gb', () => {
    expect(dateLocale('fr-CA')).toBe('fr-ca');
    expect(dateLocale('de-de')).toBe('en-gb');
  });
});
