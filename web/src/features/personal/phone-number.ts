/**
 * Phone numbers as a tap-to-call link dials them (spec 2 §5): a number is digits with an optional
 * leading plus, spaces and hyphens; 00 becomes +; the contact's country code is put in front when
 * the number lacks one (its national leading 0 dropped); Australian 1300 numbers stay as they
 * are (they cannot be dialled from abroad); any other number gets a leading 0 when it has none.
 */

const PHONE_PATTERN = /^\+?[0-9][0-9 -]*$/;

/** The number to dial, or null when the value is not a phone number by the spec's rule. */
export function dialNumber(value: string | null | undefined, countryCode?: string | null): string | null {
  const written = (value ?? '').trim();
  if (!PHONE_PATTERN.test(written)) return null;
  const digits = written.replace(/[ -]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('1300')) return digits;
  const code = (countryCode ?? '').trim().replace(/^(\+|00)/, '');
  if (/^[0-9]{1,4}$/.test(code)) {
    // Already international without its plus (447700900123), or national (07700 900123).
    if (!digits.startsWith('0') && digits.startsWith(code)) return `+${digits}`;
    return `+${code}${digits.replace(/^0/, '')}`;
  }
  return digits.startsWith('0') ? digits : `0${digits}`;
}

/** The tel: link for a number, or null when it cannot be dialled. */
export function telHref(value: string | null | undefined, countryCode?: string | null): string | null {
  const number = dialNumber(value, countryCode);
  return number ? `tel:${number}` : null;
}
