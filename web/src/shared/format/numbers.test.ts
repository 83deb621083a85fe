import { describe, expect, it, vi } from 'vitest';
import { currencySymbol, DECIMALS, formatMoney, formatNumber, formatPercent, formatSignedPercent, numberLocale } from './numbers';

// Intl writes fr-CA's group separator and the space before % and $ as no-break spaces.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money, units and percentages by locale (spec 2 §1, §9)', () => {
  it('maps portal locales to Intl locales', () => {
    expect(numberLocale('en-gb')).toBe('en-GB');
    expect(numberLocale('fr-ca')).toBe('fr-CA');
    expect(numberLocale('')).toBe('en-GB');
    expect(numberLocale('nonsense')).toBe('en-GB');
  });

  it.each([
    ['en-gb', 'GBP', '£1,234,567.89', '-£1,234.50'],
    ['en-au', 'AUD', '$1,234,567.89', '-$1,234.50'],
    ['en-ca', 'CAD', '$1,234,567.89', '-$1,234.50'],
    ['en-gb', 'USD', '$1,234,567.89', '-$1,234.50'], // the spec's "$", not Intl's "US$"
    ['en-gb', 'EUR', '€1,234,567.89', '-€1,234.50'],
    ['fr-ca', 'CAD', '1 234 567,89 $', '-1 234,50 $'],
  ])('%s %s', (locale, currency, positive, negative) => {
    expect(spaces(formatMoney(1234567.891, currency, locale))).toBe(positive);
    expect(spaces(formatMoney(-1234.5, currency, locale))).toBe(negative);
  });

  it('writes pence after the figure and unknown currencies with their code', () => {
    expect(formatMoney(125.4, 'GBX', 'en-gb')).toBe('125.40p');
    expect(spaces(formatMoney(10, 'ZAR', 'en-gb'))).toBe('ZAR 10.00');
  });

  it('uses the total-value tile’s 0 decimals, units 4, FX 4', () => {
    expect(formatMoney(788809.6, 'GBP', 'en-gb', DECIMALS.totalValue)).toBe('£788,810');
    expect(formatNumber(12.5, 'en-gb', DECIMALS.units)).toBe('12.5000');
    expect(formatNumber(1.23456, 'en-gb', DECIMALS.fx)).toBe('1.2346');
  });

  it('writes percentages in percentage points with 2 decimals', () => {
    expect(formatPercent(7.93, 'en-gb')).toBe('7.93%');
    expect(spaces(formatPercent(7.93, 'fr-ca'))).toBe('7,93 %');
    expect(formatSignedPercent(3.48, 'en-au')).toBe('+3.48%');
    expect(formatSignedPercent(-1.34, 'en-gb')).toBe('-1.34%');
    expect(formatSignedPercent(0, 'en-gb')).toBe('0.00%');
  });

  it('has the spec’s symbols by currency and region', () => {
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('GBX')).toBe('p');
    expect(currencySymbol(null, 'ZA')).toBe('R');
    expect(currencySymbol(null, 'MY')).toBe('RM');
    expect(currencySymbol(null, 'CA')).toBe('$');
    expect(currencySymbol(null, 'NZ')).toBe('');
  });
});

// Issue 13: a dashboard formats hundreds of figures with a handful of settings. Building an
// Intl.NumberFormat (and looking the locale up) for each one was a quarter of the home's script
// time on a throttled phone; each locale and setting now builds its formatter once.
describe('formatters are built once per locale and setting', () => {
  it('formats 200 figures with one formatter and one locale look-up per setting', () => {
    // A locale and decimals no other test uses, so nothing is built before the spies.
    const Original = Intl.NumberFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        built++;
      }
    }
    const lookUp = vi.spyOn(Original, 'supportedLocalesOf');
    Intl.NumberFormat = Counting as typeof Intl.NumberFormat;
    const texts = new Set<string>();
    try {
      for (let i = 0; i < 50; i++) {
        texts.add(formatMoney(i, 'GBP', 'en-ie', 3));
        texts.add(formatNumber(i, 'en-ie', 3));
        texts.add(formatPercent(i, 'en-ie', 3));
        texts.add(formatSignedPercent(i, 'en-ie', 3));
      }
      expect(formatMoney(1234.5, 'GBP', 'en-ie', 3)).toBe('£1,234.500');
    } finally {
      Intl.NumberFormat = Original;
    }
    expect(texts.size).toBe(199); // 0 is "0.000%" both signed and not
    expect(built).toBe(4);
    expect(lookUp).toHaveBeenCalledTimes(1);
  });
});
