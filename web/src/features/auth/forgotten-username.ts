import { dateLocale, dayjs } from '../../shared/format/dates';
import { shortDateFormat } from '../../shared/format/short-date';

export { shortDateFormat };

/** Rules of the forgotten-username form (spec 1 §5). */
export const USERNAME_FORM_MESSAGES = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  dobRequired: 'Please enter a date of birth',
  dobInvalidPrefix: 'Please enter a date in a valid format of ',
  mismatch: 'The supplied email and date of birth does not match our records. Please contact our office.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim());
}

/**
 * A date typed in the locale's short format, as YYYY-MM-DD, or null when it is not one. Single-digit
 * days and months are accepted too (3/4/1961 for 03/04/1961).
 */
export function parseShortDate(value: string, locale: string | null | undefined): string | null {
  const text = value.trim();
  if (!text) return null;
  const format = shortDateFormat(locale);
  const relaxed = format.replace('DD', 'D').replace('MM', 'M');
  const localeName = dateLocale(locale);
  for (const candidate of [format, relaxed]) {
    const parsed = dayjs(text, candidate, localeName, true);
    if (parsed.isValid()) return parsed.format('YYYY-MM-DD');
  }
  return null;
}

export interface UsernameFormErrors {
  email?: string;
  dob?: string;
}

export function validateUsernameForm(email: string, dob: string, locale: string | null | undefined): UsernameFormErrors {
  const errors: UsernameFormErrors = {};
  if (!email.trim()) errors.email = USERNAME_FORM_MESSAGES.emailRequired;
  else if (!isEmailAddress(email)) errors.email = USERNAME_FORM_MESSAGES.emailInvalid;
  if (!dob.trim()) errors.dob = USERNAME_FORM_MESSAGES.dobRequired;
  else if (!parseShortDate(dob, locale)) errors.dob = `${USERNAME_FORM_MESSAGES.dobInvalidPrefix}${shortDateFormat(locale)}`;
  return errors;
}
