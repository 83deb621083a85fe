/**
 * Money, units, percentages and FX rates as spec 2 §9 shows them: money 2 decimals, units 4,
 * percentages 2, FX rates 4, the total-value tile 0. Separators and the symbol's place follow
 * the user's locale (Intl.NumberFormat); the symbol itself is the spec's (spec 2 §1), so a
 * dollar is "$" in every locale rather than Intl's "US$" or "CA$".
 */

/** Decimals of spec 2 §9. */
export const DECIMALS = { money: 2, units: 4, percent: 2, fx: 4, totalValue: 0 } as const;

/** Spec 2 §1: GBP £, GBX p, EUR €, USD $, AUD $, CAD $. Others show their ISO code. */
const CURRENCY_SYMBOLS: Record<string, string> = { GBP: '£', GBX: 'p', EUR: '€', USD: '$', AUD: '$', CAD: '$' };

/** Spec 2 §9 (and spec 3 §3): the default currency symbol of a region: GB £, AU/CA/SG $, ZA R, MY RM, others none. */
const REGION_SYMBOLS: Record<string, string> = { GB: '£', AU: '$', CA: '$', SG: '$', ZA: 'R', MY: 'RM' };

/** The Intl locale of a portal locale (en-gb -> en-GB); unknown or empty ones are en-GB. */
export function numberLocale(locale: string | null | undefined): string {
  const key = locale ?? '';
  let tag = intlLocales.get(key);
  if (tag === undefined) {
    tag = lookUpLocale(key);
    intlLocales.set(key, tag);
  }
  return tag;
}

/*
 * Building an Intl.NumberFormat (ICU set-up, and the locale look-up before it) costs far more than
 * formatting with one, and a screen formats hundreds of figures with a handful of settings: on a
 * throttled phone this was a quarter of the dashboard's script time (issue 13). So each locale and
 * each setting is worked out once and kept. These are memos of pure functions of their keys (the
 * answers never change), bounded by the few locales and settings the portal uses.
 */
const intlLocales = new Map<string, string>();
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = numberLocale(locale);
  const key = `${tag}|${options.style ?? ''}|${options.currency ?? ''}|${options.signDisplay ?? ''}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    formatters.set(key, format);
  }
  return format;
}

function lookUpLocale(locale: string): string {
  const match = /^([a-z]{2})[-_]([a-z]{2})$/i.exec((locale ?? '').trim());
  if (!match) return 'en-GB';
  const tag = `${match[1]!.toLowerCase()}-${match[2]!.toUpperCase()}`;
  try {
    return Intl.NumberFormat.supportedLocalesOf(tag).length > 0 ? tag : 'en-GB';
  } catch {
    return 'en-GB';
  }
}

/** The symbol shown for a currency; without a currency, the region's default (or none). */
export function currencySymbol(currency: string | null | undefined, region?: string | null): string {
  const code = (currency ?? '').toUpperCase();
  if (code) return CURRENCY_SYMBOLS[code] ?? code;
  return REGION_SYMBOLS[(region ?? '').toUpperCase()] ?? '';
}

/** A plain number with the locale's separators: units (4), FX rates (4), any fixed decimals. */
export function formatNumber(value: number, locale: string, decimals: number): string {
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/**
 * Money with its symbol where the locale puts it: "£1,234.56", "-£1,234.56" in en-gb,
 * "1 234,56 $" in fr-ca. GBX (pence) is written after the number, "125.40p".
 */
export function formatMoney(value: number, currency: string | null | undefined, locale: string, decimals: number = DECIMALS.money): string {
  const code = (currency ?? '').toUpperCase();
  const symbol = currencySymbol(code);
  if (code === 'GBX' || !/^[A-Z]{3}$/.test(code)) {
    const number = formatNumber(value, locale, decimals);
    return code === 'GBX' ? `${number}p` : symbol ? `${number} ${symbol}` : number;
  }
  const format = numberFormat(locale, {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? symbol : part.value))
    .join('');
}

/** A percentage given in percentage points (7.93 -> "7.93%", "7,93 %" in fr-ca). */
export function formatPercent(points: number, locale: string, decimals: number = DECIMALS.percent): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(points / 100);
}

/** A signed percentage for a change: "+7.93%", "-1.34%", "0.00%". */
export function formatSignedPercent(points: number, locale: string, decimals: number = DECIMALS.percent): string {
  return numberFormat(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(points / 100);
}
