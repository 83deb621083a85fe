import { describe, expect, it } from 'vitest';
import { buildQuicksearch, validateClientSearch, type ClientSearchValues } from './client-search';

const search = (over: Partial<ClientSearchValues>): ClientSearchValues => ({ name: '', dob: '', postcode: '', ...over });
const errorsOf = (over: Partial<ClientSearchValues>, locale: string | null = 'en-gb') => validateClientSearch(search(over), locale);

describe('client search: name (spec 3 §5)', () => {
  it.each(['Whitfield', 'Eleanor Whitfield', 'Thomas O\'Connell', 'Zoë Brontë', 'Ann-Marie Smith', 'St. John', 'abc', 'client_12', '  Whitfield  '])(
    'accepts %o',
    (name) => {
      expect(errorsOf({ name })).toEqual({});
    },
  );

  it.each([
    ['two characters (block, alphanumeric, then at least one more)', 'Al'],
    ['a leading apostrophe block', "O'Connell"],
    ['a character outside the rule', 'Whit*field'],
    ['a comma', 'Whitfield, Eleanor'],
    ['a hyphen before the third character', 'A-B'],
    ['more than 201 characters', 'a'.repeat(202)],
  ])('refuses %s with the spec message', (_what, name) => {
    expect(errorsOf({ name })).toEqual({ name: 'Please enter a valid name' });
  });

  it('takes 201 characters, the longest the rule allows (100 + 1 + 100)', () => {
    expect(errorsOf({ name: 'a'.repeat(201) })).toEqual({});
  });
});

describe('client search: date of birth in the locale short format', () => {
  it.each([
    ['en-gb', '17/04/1968', 'DD/MM/YYYY'],
    ['en-au', '17/04/1968', 'DD/MM/YYYY'],
    ['en-ca', '1968-04-17', 'YYYY-MM-DD'],
    ['fr-ca', '1968-04-17', 'YYYY-MM-DD'],
  ])('%s: accepts %s, refuses anything else with "…of %s"', (locale, good, format) => {
    expect(errorsOf({ dob: good }, locale)).toEqual({});
    const message = `Please enter a date in a valid format of ${format}`;
    const other = good.includes('/') ? '1968-04-17' : '17/04/1968';
    for (const bad of [other, '31/02/1968', '1968-02-31', '7/4/1968', '17/04/68', 'yesterday']) {
      expect(errorsOf({ dob: bad }, locale)).toEqual({ dob: message });
    }
  });

  it('uses en-gb for a locale the date library does not have', () => {
    expect(errorsOf({ dob: 'x' }, 'de-de')).toEqual({ dob: 'Please enter a date in a valid format of DD/MM/YYYY' });
    expect(errorsOf({ dob: '17/04/1968' }, null)).toEqual({});
  });
});

describe('client search: postcode', () => {
  it.each(['BS8 4JY', 'bs84jy', '2088', 'M5R_2E3'])('accepts %o', (postcode) => {
    expect(errorsOf({ postcode })).toEqual({});
  });

  it.each(['BS8-4JY', 'BS8 4JY!', "O'1"])('refuses %o with the spec message', (postcode) => {
    expect(errorsOf({ postcode })).toEqual({ postcode: 'Please only enter a number or a letter' });
  });
});

describe('buildQuicksearch (spec 3 §7.4)', () => {
  it('is name, pcode:{postcode}, dob:YYYYMMDD, in that order, leaving out empty fields', () => {
    expect(buildQuicksearch(search({ name: 'Whitfield', postcode: 'BS8 4JY', dob: '17/04/1968' }), 'en-gb')).toBe('Whitfield pcode:BS8 4JY dob:19680417');
    expect(buildQuicksearch(search({ dob: '1968-04-17' }), 'fr-ca')).toBe('dob:19680417');
    expect(buildQuicksearch(search({ postcode: ' 2088 ' }), 'en-au')).toBe('pcode:2088');
    expect(buildQuicksearch(search({ name: '  Eleanor   Whitfield ' }), 'en-gb')).toBe('Eleanor Whitfield');
    expect(buildQuicksearch(search({}), 'en-gb')).toBe('');
  });

  it('is null while any field is invalid, so nothing is searched', () => {
    expect(buildQuicksearch(search({ name: 'Whitfield', dob: '1968-04-17' }), 'en-gb')).toBeNull();
    expect(buildQuicksearch(search({ postcode: 'BS8-4JY' }), 'en-gb')).toBeNull();
  });
});
