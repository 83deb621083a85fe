import customParseFormat from 'dayjs/plugin/customParseFormat';
import localeData from 'dayjs/plugin/localeData';
import { dateLocale, dayjs } from './dates';

dayjs.extend(customParseFormat);
dayjs.extend(localeData);

/**
 * The locale's short date format (dayjs's `L`): DD/MM/YYYY for en-gb and en-au, YYYY-MM-DD for
 * en-ca and fr-ca; any other locale is en-gb's.
 */
export function shortDateFormat(locale: string | null | undefined): string {
  return dayjs().locale(dateLocale(locale)).localeData().longDateFormat('L');
}

/**
 * A real date typed exactly in the locale's short format, as YYYY-MM-DD; null otherwise (no
 * single-digit day or month, no 31 February).
 */
export function parseStrictShortDate(value: string, locale: string | null | undefined): string | null {
  const text = value.trim();
  if (!text) return null;
  const parsed = dayjs(text, shortDateFormat(locale), dateLocale(locale), true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}
