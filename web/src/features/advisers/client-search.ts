import { parseStrictShortDate, shortDateFormat } from '../../shared/format/short-date';

/** The client list's search form (spec 3 §2.6): name, date of birth and postcode, each optional. */
export interface ClientSearchValues {
  name: string;
  dob: string;
  postcode: string;
}

export type ClientSearchErrors = Partial<Record<keyof ClientSearchValues, string>>;

/** The messages of spec 3 §5, exactly. */
export const CLIENT_SEARCH_MESSAGES = {
  name: 'Please enter a valid name',
  dobPrefix: 'Please enter a date in a valid format of ',
  postcode: 'Please only enter a number or a letter',
} as const;

export const EMPTY_SEARCH: ClientSearchValues = { name: '', dob: '', postcode: '' };

// Spec 3 §5: letters (accented too), digits, space or underscore in a first block of 1-100
// characters, then an alphanumeric, then 1-100 characters that may also hold a hyphen, an
// apostrophe or a full stop. Taken as written: a name has at least three characters and its
// first two are no punctuation ("Thomas O'Connell" is a name, "O'Connell" alone is not).
const NAME = /^[\p{L}\p{M}0-9 _]{1,100}[\p{L}\p{M}0-9][\p{L}\p{M}0-9 _'.-]{1,100}$/u;
// Letters, digits, space, underscore.
const POSTCODE = /^[\p{L}0-9 _]+$/u;

/** The errors of the filled-in fields; an empty field is no error (every field is optional). */
export function validateClientSearch(values: ClientSearchValues, locale: string | null | undefined): ClientSearchErrors {
  const errors: ClientSearchErrors = {};
  const name = values.name.trim();
  const dob = values.dob.trim();
  const postcode = values.postcode.trim();
  if (name && !NAME.test(name)) errors.name = CLIENT_SEARCH_MESSAGES.name;
  if (dob && !parseStrictShortDate(dob, locale)) errors.dob = `${CLIENT_SEARCH_MESSAGES.dobPrefix}${shortDateFormat(locale)}`;
  if (postcode && !POSTCODE.test(postcode)) errors.postcode = CLIENT_SEARCH_MESSAGES.postcode;
  return errors;
}

export const hasErrors = (errors: ClientSearchErrors) => Object.keys(errors).length > 0;

/**
 * The list's quicksearch (spec 3 §7.4): the name, then `pcode:{postcode}`, then `dob:YYYYMMDD`,
 * space separated, empty fields left out. Null when a field is invalid: nothing is searched then.
 * Runs of spaces inside the name and postcode are one space.
 */
export function buildQuicksearch(values: ClientSearchValues, locale: string | null | undefined): string | null {
  if (hasErrors(validateClientSearch(values, locale))) return null;
  const squeeze = (text: string) => text.trim().replace(/\s+/g, ' ');
  const parts: string[] = [];
  const name = squeeze(values.name);
  const postcode = squeeze(values.postcode);
  const dob = values.dob.trim() ? parseStrictShortDate(values.dob, locale) : null;
  if (name) parts.push(name);
  if (postcode) parts.push(`pcode:${postcode}`);
  if (dob) parts.push(`dob:${dob.replaceAll('-', '')}`);
  return parts.join(' ');
}
