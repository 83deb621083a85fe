import { describe, expect, it } from 'vitest';
import { adviserPageContent, initials, type AdviserContact } from './adviser-contacts';
import { adviserPageSettings, contactDetailsType } from './personal-settings';

const oliver: AdviserContact = {
  id: 100,
  adviser_name: 'Oliver Bennett',
  client_adviser: 'Client Adviser',
  workEmail: 'oliver.bennett@harbourvale.co.uk',
  workPhone: [{ value: '0117 496 0123', country_code: '44' }],
  address: { block: 'Harbour & Vale House', street_name: '1 Narrow Quay', suburb: 'Bristol', postcode: 'BS1 4QA' },
  region: 'GB',
};
const unreachable: AdviserContact = { ...oliver, id: 101, adviser_name: 'Bob Brown', workEmail: ' ', workPhone: [{ value: '' }], address: null };
const general = {
  contactName: 'Client services',
  contactDescription: 'For any question about your account',
  address: '14 Quayside\nBristol BS1 4RN',
  telephoneNumber: '0117 496 0321',
  emailAddress: '',
  openingHours: 'Monday to Friday, 9am to 5pm',
};
const noGeneral = { contactName: 'Client services', contactDescription: '', address: '', telephoneNumber: '', emailAddress: '', openingHours: '9 to 5' };

describe('adviser page contacts (spec 2 §2.9)', () => {
  it('reads contactDetailsType: adviser only, general only, or both by default', () => {
    expect(contactDetailsType('adviser')).toBe('adviser');
    expect(contactDetailsType('General')).toBe('general');
    expect(contactDetailsType('both')).toBe('both');
    expect(contactDetailsType(undefined)).toBe('both');
    expect(contactDetailsType(3)).toBe('both');
  });

  it('adviser only: the adviser cards, no general card', () => {
    const page = adviserPageContent('adviser', general, [oliver]);
    expect(page.general).toBeNull();
    expect(page.advisers.map((a) => a.name)).toEqual(['Oliver Bennett']);
    expect(page.advisers[0]!.address.map((l) => l.label)).toEqual(['House name/number', 'Address line 1', 'City', 'Postcode']);
    expect(page.empty).toBe(false);
  });

  it('general only: the general card, no adviser', () => {
    const page = adviserPageContent('general', general, [oliver]);
    expect(page.advisers).toEqual([]);
    expect(page.general).toMatchObject({ name: 'Client services', address: ['14 Quayside', 'Bristol BS1 4RN'], phone: '0117 496 0321' });
  });

  it('both: the general card and the adviser cards', () => {
    const page = adviserPageContent('both', general, [oliver]);
    expect(page.general).not.toBeNull();
    expect(page.advisers).toHaveLength(1);
  });

  it('shows only contacts with a work email, phone or address', () => {
    const page = adviserPageContent('both', noGeneral, [unreachable, oliver]);
    expect(page.general).toBeNull();
    expect(page.advisers.map((a) => a.id)).toEqual([100]);
    expect(adviserPageContent('adviser', general, [{ ...oliver, workEmail: '', workPhone: [], address: null }]).empty).toBe(true);
  });

  it('has nothing to show without reachable contacts: the fallback text', () => {
    expect(adviserPageContent('both', noGeneral, []).empty).toBe(true);
    expect(adviserPageContent('general', noGeneral, [oliver]).empty).toBe(true);
    const site = { settings: {} as never, content: { footerCopyright: '<p>c</p>' } as never };
    expect(adviserPageSettings(site).noAdviserText).toBe('Your adviser details are not available.');
    expect(adviserPageSettings(site).showMapText).toBe('Show on map');
    expect(adviserPageSettings(site).importantInformation.copyright).toBe('<p>c</p>');
  });

  it('gives an avatar without a picture the initials of the name', () => {
    expect(initials('Oliver Bennett')).toBe('OB');
    expect(initials('Sophie de Laurent')).toBe('SL');
    expect(initials('Cher')).toBe('C');
    expect(initials(' ')).toBe('?');
  });
});
