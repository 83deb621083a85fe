import { addressLines, type AddressLine, type AddressRecord } from './address-layout';
import type { AdviserPageSettings, ContactDetailsType } from './personal-settings';

/**
 * Which contacts the adviser page shows (spec 2 §2.9): contactDetailsType picks the adviser's
 * details, the firm's general contact details or both, and a contact shows only when it has a
 * work email, a work phone or an address. Nothing left means the fallback text.
 */

export interface PhoneContact {
  value: string;
  country_code?: string | null;
}

/** An adviser as session/user/adviser answers it (spec 2 §3 "adviser contact"). */
export interface AdviserContact {
  id: number;
  adviser_name: string;
  client_adviser: string;
  workEmail: string;
  workPhone: PhoneContact[];
  address: AddressRecord | null;
  region: string;
}

export interface AdviserCard {
  kind: 'adviser';
  id: number;
  name: string;
  role: string;
  email: string;
  phones: PhoneContact[];
  address: AddressLine[];
}

export interface GeneralCard {
  kind: 'general';
  name: string;
  description: string;
  address: string[];
  phone: string;
  email: string;
  openingHours: string;
}

export interface AdviserPageContent {
  general: GeneralCard | null;
  advisers: AdviserCard[];
  /** Nothing to show: 'Your adviser details are not available.' (or the configured text). */
  empty: boolean;
}

export function adviserCard(adviser: AdviserContact): AdviserCard {
  return {
    kind: 'adviser',
    id: adviser.id,
    name: adviser.adviser_name,
    role: adviser.client_adviser,
    email: adviser.workEmail.trim(),
    phones: adviser.workPhone.filter((phone) => phone.value.trim() !== ''),
    address: addressLines(adviser.address, adviser.region),
  };
}

export function generalCard(general: AdviserPageSettings['general']): GeneralCard {
  return {
    kind: 'general',
    name: general.contactName.trim(),
    description: general.contactDescription.trim(),
    // The configured address is free text, one line per line of the card.
    address: general.address.split(/\r?\n|,\s*(?=\S)/).map((line) => line.trim()).filter(Boolean),
    phone: general.telephoneNumber.trim(),
    email: general.emailAddress.trim(),
    openingHours: general.openingHours.trim(),
  };
}

/** A contact is shown only with a work email, a work phone or an address. */
export function isReachable(card: AdviserCard | GeneralCard): boolean {
  const phone = card.kind === 'adviser' ? card.phones.length > 0 : card.phone !== '';
  return card.email !== '' || phone || card.address.length > 0;
}

export function adviserPageContent(
  type: ContactDetailsType,
  general: AdviserPageSettings['general'],
  advisers: readonly AdviserContact[],
): AdviserPageContent {
  const generalShown = type !== 'adviser' ? generalCard(general) : null;
  const shownGeneral = generalShown && isReachable(generalShown) ? generalShown : null;
  const cards = type !== 'general' ? advisers.map(adviserCard).filter(isReachable) : [];
  return { general: shownGeneral, advisers: cards, empty: shownGeneral === null && cards.length === 0 };
}

/** Initials for an avatar without a picture: first letters of the first and last words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
