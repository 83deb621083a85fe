import { describe, expect, it } from 'vitest';
import { addressLayout, addressLines, currentAddress, mapUrl, type AddressRecord } from './address-layout';

const uk: AddressRecord = {
  type: 1, block: 'Flat 2', street_name: '10 Downing Street', street_name_2: 'Westminster', suburb: 'London',
  state: 'Greater London', postcode: 'SW1A 2AA', status: 'Current', preferred: true,
};
const au: AddressRecord = { type: 1, street: '1 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000', status: 'Current' };

describe('address layouts (spec 2 §2.7)', () => {
  it('picks the UK layout for region GB only', () => {
    expect(addressLayout('GB')).toBe('uk');
    expect(addressLayout('gb')).toBe('uk');
    expect(addressLayout('AU')).toBe('other');
    expect(addressLayout(null)).toBe('other');
  });

  it('shows a UK address as house, line 1, line 2, city, county, postcode', () => {
    expect(addressLines(uk, 'GB')).toEqual([
      { label: 'House name/number', value: 'Flat 2' },
      { label: 'Address line 1', value: '10 Downing Street' },
      { label: 'Address line 2', value: 'Westminster' },
      { label: 'City', value: 'London' },
      { label: 'County', value: 'Greater London' },
      { label: 'Postcode', value: 'SW1A 2AA' },
    ]);
  });

  it('shows any other region as one street line plus city, county, postcode', () => {
    expect(addressLines(au, 'AU')).toEqual([
      { label: 'Street', value: '1 George Street' },
      { label: 'City', value: 'Sydney' },
      { label: 'County', value: 'NSW' },
      { label: 'Postcode', value: '2000' },
    ]);
  });

  it('leaves empty lines out, and an empty address has no lines', () => {
    expect(addressLines({ type: 1, street_name: '14 Royal York Crescent', block: ' ', suburb: 'Clifton, Bristol', postcode: 'BS8 4JY' }, 'GB').map((l) => l.label)).toEqual([
      'Address line 1',
      'City',
      'Postcode',
    ]);
    expect(addressLines({ type: 0, street: '', suburb: '' }, 'AU')).toEqual([]);
    expect(addressLines(null, 'GB')).toEqual([]);
  });

  it('shows the current address of a type, the preferred first', () => {
    const old: AddressRecord = { ...uk, type: 0, street_name: 'PO Box 5', status: 'Previous', preferred: false };
    const second: AddressRecord = { ...uk, street_name: '2 Other Road', preferred: false };
    expect(currentAddress([second, uk, old], 1)).toBe(uk);
    expect(currentAddress([old], 0)).toBeNull();
    expect(currentAddress([{ type: 0, street_name: 'PO Box 9' }], 0)?.street_name).toBe('PO Box 9');
  });

  it('builds a maps search from the lines', () => {
    expect(mapUrl(addressLines(au, 'AU'))).toBe('https://www.google.com/maps/search/?api=1&query=1%20George%20Street%2C%20Sydney%2C%20NSW%2C%202000');
    expect(mapUrl([])).toBeNull();
  });
});
