import { telHref } from '../phone-number';

/** A phone number as a tap-to-call link (spec 2 §5's rules), or as text when it cannot be dialled. */
export function PhoneLink({ value, countryCode }: { value: string; countryCode?: string | null }) {
  const href = telHref(value, countryCode);
  return href ? <a href={href}>{value}</a> : <>{value}</>;
}

export function EmailLink({ value }: { value: string }) {
  return <a href={`mailto:${value}`}>{value}</a>;
}
