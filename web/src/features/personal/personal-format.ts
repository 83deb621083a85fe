import localizedFormat from 'dayjs/plugin/localizedFormat';
import { dateLocale, dayjs } from '../../shared/format/dates';
import type { ClientContact } from './api/client-contacts';

dayjs.extend(localizedFormat);

/** A date of birth in the locale's short date format (en-gb 17/04/1968, en-ca 1968-04-17). */
export function formatDateOfBirth(iso: string | null, locale: string | null | undefined): string {
  if (!iso) return '';
  const date = dayjs(iso, 'YYYY-MM-DD');
  return date.isValid() ? date.locale(dateLocale(locale)).format('L') : '';
}

/** A country of birth: a two-letter code is named in English (GB: United Kingdom); text stays. */
export function countryName(value: string): string {
  const code = value.trim();
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export interface PhoneRow {
  label: string;
  value: string;
  countryCode: string | null;
}

const PHONE_TYPES: [string, string][] = [
  ['p1', 'Home phone'],
  ['p2', 'Work phone'],
  ['p3', 'Mobile phone'],
];

/**
 * The phone rows of the personal details page (spec 2 §2.7): home, work and mobile (the
 * preferred one of each type), then the preferred phone among them; each only if present.
 */
export function phoneRows(contacts: readonly ClientContact[]): PhoneRow[] {
  const phones = contacts.filter((c) => PHONE_TYPES.some(([type]) => type === c.type) && c.value.trim() !== '');
  const row = (label: string, c: ClientContact): PhoneRow => ({ label, value: c.value.trim(), countryCode: c.country_code ?? null });
  const rows: PhoneRow[] = [];
  for (const [type, label] of PHONE_TYPES) {
    const ofType = phones.filter((c) => c.type === type);
    const chosen = ofType.find((c) => c.preferred) ?? ofType[0];
    if (chosen) rows.push(row(label, chosen));
  }
  const preferred = phones.find((c) => c.preferred);
  if (preferred) rows.push(row('Preferred phone', preferred));
  return rows;
}

/** The email address: the client's preferred email, else a personal then a work email contact. */
export function emailAddress(preferredEmail: string, contacts: readonly ClientContact[]): string {
  if (preferredEmail.trim()) return preferredEmail.trim();
  const email = contacts.find((c) => c.type === 'm1' && c.value.trim()) ?? contacts.find((c) => c.type === 'm2' && c.value.trim());
  return email?.value.trim() ?? '';
}
