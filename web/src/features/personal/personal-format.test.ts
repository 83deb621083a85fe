import { describe, expect, it } from 'vitest';
import type { ClientContact } from './api/client-contacts';
import { countryName, emailAddress, formatDateOfBirth, phoneRows } from './personal-format';

const contact = (id: number, type: string, value: string, preferred = false, country_code = ''): ClientContact => ({ id, type, value, preferred, country_code });

describe('personal details formats (spec 2 §2.7)', () => {
  it('writes the date of birth in the locale’s format', () => {
    expect(formatDateOfBirth('1968-04-17', 'en-gb')).toBe('17/04/1968');
    expect(formatDateOfBirth('1968-04-17', 'en-au')).toBe('17/04/1968');
    expect(formatDateOfBirth('1968-04-17', 'en-ca')).toBe('1968-04-17');
    expect(formatDateOfBirth('1968-04-17', 'xx-yy')).toBe('17/04/1968');
    expect(formatDateOfBirth(null, 'en-gb')).toBe('');
  });

  it('names a country given by its code and keeps a written name', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('au')).toBe('Australia');
    expect(countryName('Ireland')).toBe('Ireland');
    expect(countryName('')).toBe('');
  });

  it('lists home, work and mobile phones each only if present, then the preferred phone', () => {
    const rows = phoneRows([
      contact(1, 'm1', 'eleanor@example.co.uk', true),
      contact(2, 'p3', '+44 7700 900417', true),
      contact(3, 'p1', '0117 496 0871'),
      contact(4, 'p1', '0117 496 0000'),
      contact(5, 'p2', ' '),
    ]);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Home phone', '0117 496 0871'],
      ['Mobile phone', '+44 7700 900417'],
      ['Preferred phone', '+44 7700 900417'],
    ]);
    expect(phoneRows([contact(1, 'm1', 'x@example.com', true)])).toEqual([]);
  });

  it('takes the preferred email, else an email contact', () => {
    expect(emailAddress('a@example.com', [contact(1, 'm1', 'b@example.com')])).toBe('a@example.com');
    expect(emailAddress('', [contact(1, 'm2', 'work@example.com'), contact(2, 'm1', 'home@example.com')])).toBe('home@example.com');
    expect(emailAddress(' ', [])).toBe('');
  });
});
