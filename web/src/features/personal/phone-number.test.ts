import { describe, expect, it } from 'vitest';
import { dialNumber, telHref } from './phone-number';

describe('phone numbers (spec 2 §5)', () => {
  it('accepts digits with an optional plus, spaces and hyphens only', () => {
    expect(dialNumber('+44 7700 900417')).toBe('+447700900417');
    expect(dialNumber('0117-496-0871')).toBe('01174960871');
    expect(dialNumber('(0117) 496 0871')).toBeNull();
    expect(dialNumber('0117 496 0871 ext 2')).toBeNull();
    expect(dialNumber('44+7700')).toBeNull();
    expect(dialNumber('')).toBeNull();
    expect(dialNumber(null)).toBeNull();
    expect(telHref('call me')).toBeNull();
  });

  it('turns a leading 00 into a plus', () => {
    expect(dialNumber('0044 117 496 0871')).toBe('+441174960871');
    expect(dialNumber('0061 2 9876 5432', '44')).toBe('+61298765432');
  });

  it('adds the country code when the number lacks one, dropping the national 0', () => {
    expect(dialNumber('0117 496 0123', '44')).toBe('+441174960123');
    expect(dialNumber('7700 900417', '+44')).toBe('+447700900417');
    expect(dialNumber('02 9876 5432', '61')).toBe('+61298765432');
    // Already carries the code, only the plus is missing.
    expect(dialNumber('44 7700 900417', '44')).toBe('+447700900417');
    // A number with its own plus keeps it, whatever the contact's code says.
    expect(dialNumber('+1 416 555 0100', '44')).toBe('+14165550100');
  });

  it('leaves Australian 1300 numbers unchanged', () => {
    expect(dialNumber('1300 123 456', '61')).toBe('1300123456');
    expect(dialNumber('1300-654-321')).toBe('1300654321');
  });

  it('otherwise adds a leading 0 when there is none', () => {
    expect(dialNumber('117 496 0871')).toBe('01174960871');
    expect(dialNumber('01174960871')).toBe('01174960871');
    expect(telHref('117 496 0871')).toBe('tel:01174960871');
  });
});
