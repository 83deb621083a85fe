import * as z from 'zod/mini';

/**
 * The platform's typed values (XPLAN wire conventions): {"_type":"Date","_val":"2026-01-31"},
 * {"_type":"BigDecimal","_val":"7.93"} and {"_type":"Currency","_val":{"code","value"}}. A
 * figure that cannot be worked out arrives as text instead ("Conversion rate unavailable",
 * "Not available"), and a missing one as null.
 */

const bigDecimal = z.object({ _type: z.literal('BigDecimal'), _val: z.string() });
const currency = z.object({ _type: z.literal('Currency'), _val: z.object({ code: z.string(), value: bigDecimal }) });

export const typedDate = z.object({ _type: z.literal('Date'), _val: z.string() });

/** Money as the platform sends it: the exact decimal text, its number and currency. */
export interface Money {
  amount: number;
  /** The exact decimal the platform sent ("86085.28"), for comparisons to the penny. */
  text: string;
  currency: string;
}

export const moneyValue = z.nullish(z.union([currency, z.string()]));
export const decimalValue = z.nullish(z.union([bigDecimal, z.number(), z.string()]));

export function toMoney(value: z.output<typeof moneyValue>): Money | null {
  if (!value || typeof value === 'string') return null;
  const amount = Number(value._val.value._val);
  return Number.isFinite(amount) ? { amount, text: value._val.value._val, currency: value._val.code } : null;
}

export function toNumber(value: z.output<typeof decimalValue>): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.NaN : Number(value._val);
  return Number.isFinite(n) ? n : null;
}

/** The text the platform put in place of a figure, if any ("Conversion rate unavailable"). */
export function reasonText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export const toDate = (value: z.output<typeof typedDate> | null | undefined): string | null => value?._val.slice(0, 10) ?? null;
