import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/en-ca';
import 'dayjs/locale/en-au';
import 'dayjs/locale/fr-ca';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Date-library locales the spec names; anything else falls back to en-gb. */
export const SUPPORTED_DATE_LOCALES = ['en-gb', 'en-ca', 'en-au', 'fr-ca'] as const;

export function dateLocale(locale: string | null | undefined): string {
  const wanted = (locale ?? '').toLowerCase();
  return (SUPPORTED_DATE_LOCALES as readonly string[]).includes(wanted) ? wanted : 'en-gb';
}

/** Short zone name (GMT, BST, EST...) from the browser's time-zone data. */
export function zoneAbbreviation(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * "Last login: D MMM YYYY H:mm ZZZ" (spec 1 §2): local time with the zone abbreviation. The
 * English month names are used whatever the locale, as in the spec's format. Null when there is
 * no previous login.
 */
export function formatLastLogin(iso: string | null | undefined, timeZone?: string): string | null {
  if (!iso) return null;
  const parsed = dayjs(iso);
  if (!parsed.isValid()) return null;
  const local = (timeZone ? parsed.tz(timeZone) : parsed).locale('en-gb');
  return `${local.format('D MMM YYYY H:mm')} ${zoneAbbreviation(parsed.toDate(), timeZone)}`.trim();
}

export { dayjs };
