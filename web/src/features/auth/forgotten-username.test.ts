import { describe, expect, it } from 'vitest';
import { isEmailAddress, parseShortDate, shortDateFormat, validateUsernameForm } from './forgotten-username';

describe('forgotten username rules', () => {
  it.each([
    ['en-gb', 'DD/MM/YYYY'],
    ['en-au', 'DD/MM/YYYY'],
    ['en-ca', 'YYYY-MM-DD'],
    ['fr-ca', 'YYYY-MM-DD'],
    ['xx-yy', 'DD/MM/YYYY'],
  ])('uses the short date format of %s', (locale, format) => {
    expect(shortDateFormat(locale)).toBe(format);
  });

  it('parses dates in the locale format and sends them as YYYY-MM-DD', () => {
    expect(parseShortDate('23/04/1961', 'en-gb')).toBe('1961-04-23');
    expect(parseShortDate('3/4/1961', 'en-gb')).toBe('1961-04-03');
    expect(parseShortDate('1961-04-23', 'en-ca')).toBe('1961-04-23');
    expect(parseShortDate('1961-04-23', 'en-gb')).toBeNull();
    expect(parseShortDate('31/02/1961', 'en-gb')).toBeNull();
    expect(parseShortDate('23/04/61', 'en-gb')).toBeNull();
    expect(parseShortDate('', 'en-gb')).toBeNull();
  });

  it('checks email addresses', () => {
    expect(isEmailAddress('eleanor@example.co.uk')).toBe(true);
    expect(isEmailAddress(' eleanor@example.com ')).toBe(true);
    expect(isEmailAddress('eleanor@example')).toBe(false);
    expect(isEmailAddress('eleanor example.com')).toBe(false);
  });

  it('gives the spec messages', () => {
    expect(validateUsernameForm('', '', 'en-gb')).toEqual({
      email: 'Please enter an email address',
      dob: 'Please enter a date of birth',
    });
    expect(validateUsernameForm('nope', '1961-04-23', 'en-gb')).toEqual({
      email: 'Please enter a valid email address',
      dob: 'Please enter a date in a valid format of DD/MM/YYYY',
    });
    expect(validateUsernameForm('a@b.com', '23/04/1961', 'en-gb')).toEqual({});
    expect(validateUsernameForm('a@b.com', '23/04/1961', 'fr-ca').dob).toBe('Please enter a date in a valid format of YYYY-MM-DD');
  });
});
