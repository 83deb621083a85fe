import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import type { AnalysisSelection } from '../analysis-selection';

/**
 * GET portfolio/position (spec 2 §7): the holdings of the selection's accounts at the end of the
 * selected range, or GET portfolio/group/account/code/{code}/position when one account group is
 * drilled into. The Investments and Allocation tabs and the holdings CSV read the same answer
 * (one query key, so one call). Figures keep the platform's values; a figure the platform could
 * not work out arrives as its reason ("Not available", "Conversion rate unavailable").
 */

const bigDecimal = z.object({ _type: z.literal('BigDecimal'), _val: z.string() });
const currency = z.object({ _type: z.literal('Currency'), _val: z.object({ code: z.string(), value: bigDecimal }) });
const moneyOrReason = z.nullish(z.union([currency, z.string()]));
const decimalOrReason = z.nullish(z.union([bigDecimal, z.number(), z.string()]));
const typedDate = z.object({ _type: z.literal('Date'), _val: z.string() });
const percentMap = z.nullish(z.record(z.string(), z.number()));

const positionSchema = z.looseObject({
  position_id: z.union([z.string(), z.number()]),
  accountid: z.number(),
  security_id: z.nullish(z.number()),
  description: z.nullish(z.string()),
  code: z.nullish(z.string()),
  is_cash: z.nullish(z.boolean()),
  volume: decimalOrReason,
  weight: decimalOrReason,
  split_index: z.nullish(z.number()),
  native_marketprice: moneyOrReason,
  plan_currency_marketprice: moneyOrReason,
  native_currency: z.nullish(z.string()),
  plan_currency: z.nullish(z.string()),
  base_currency: z.nullish(z.string()),
  value: moneyOrReason,
  native_value: moneyOrReason,
  plan_currency_value: moneyOrReason,
  cost: moneyOrReason,
  native_cost: moneyOrReason,
  plan_currency_cost: moneyOrReason,
  unrealised_gain: moneyOrReason,
  native_unrealised_gain: moneyOrReason,
  plan_currency_unrealised_gain: moneyOrReason,
  annual_income: moneyOrReason,
  percent_yield: decimalOrReason,
  asset_class_code: z.nullish(z.string()),
  sector_name: z.nullish(z.string()),
  regional_allocation: percentMap,
  asset_class_allocation: percentMap,
  priceDate: z.nullish(typedDate),
  security: z.nullish(z.looseObject({ isin: z.nullish(z.string()), exchange: z.nullish(z.string()) })),
});

const positionsSchema = z.array(positionSchema);

/** A figure: an amount in a currency, or the platform's reason for not giving one. */
export type Figure = { amount: number; currency: string } | { reason: string };

/** One position (spec 2 §3) as the holdings screens use it. */
export interface Position {
  positionId: string;
  accountId: number;
  securityId: number | null;
  description: string;
  code: string;
  isin: string;
  /** The platform's own flag; the screens also apply spec 2 §9's rule (holdings-rules isCash). */
  platformCash: boolean;
  units: number | null;
  /** Sub-positions (spec 2 §2.3): set on a part of a split holding; null on a whole one. */
  splitIndex: number | null;
  /** In the security's currency (original currency). */
  native: Figures;
  /** In the account's plan currency (account currency). */
  plan: Figures;
  /** The market value in the firm's base currency: what shares and allocation sums use. */
  baseValue: Figure;
  /** The platform's whole-percentage share of the account (the CSV's % amount). */
  weight: number | null;
  annualIncome: Figure;
  /** Percentage points (spec 2 §5: 2 decimals), or the reason. */
  percentYield: number | string | null;
  assetClassCode: string | null;
  sectorName: string | null;
  /** Look-through shares in percentage points. */
  regionalAllocation: Record<string, number>;
  assetClassAllocation: Record<string, number>;
  /** YYYY-MM-DD. */
  priceDate: string | null;
}

/** The figures of a position in one currency view. */
export interface Figures {
  currency: string;
  price: Figure;
  value: Figure;
  cost: Figure;
  gain: Figure;
}

type Raw = z.output<typeof positionSchema>;

function figure(value: z.output<typeof moneyOrReason>, fallbackCurrency: string): Figure {
  if (typeof value === 'string') return { reason: value };
  if (!value) return { reason: 'Not available' };
  const amount = Number(value._val.value._val);
  return Number.isFinite(amount) ? { amount, currency: value._val.code || fallbackCurrency } : { reason: 'Not available' };
}

function decimal(value: z.output<typeof decimalOrReason>): number | null {
  if (value === null || value === undefined || typeof value === 'string') return null;
  const n = typeof value === 'number' ? value : Number(value._val);
  return Number.isFinite(n) ? n : null;
}

function toPosition(raw: Raw): Position {
  const nativeCurrency = raw.native_currency ?? '';
  const planCurrency = raw.plan_currency ?? nativeCurrency;
  const yieldValue = decimal(raw.percent_yield);
  return {
    positionId: String(raw.position_id),
    accountId: raw.accountid,
    securityId: raw.security_id ?? null,
    description: raw.description ?? raw.code ?? '',
    code: raw.code ?? '',
    isin: raw.security?.isin ?? '',
    platformCash: raw.is_cash === true,
    units: decimal(raw.volume),
    splitIndex: raw.split_index ?? null,
    native: {
      currency: nativeCurrency,
      price: figure(raw.native_marketprice, nativeCurrency),
      value: figure(raw.native_value, nativeCurrency),
      cost: figure(raw.native_cost, nativeCurrency),
      gain: figure(raw.native_unrealised_gain, nativeCurrency),
    },
    plan: {
      currency: planCurrency,
      price: figure(raw.plan_currency_marketprice, planCurrency),
      value: figure(raw.plan_currency_value, planCurrency),
      cost: figure(raw.plan_currency_cost, planCurrency),
      gain: figure(raw.plan_currency_unrealised_gain, planCurrency),
    },
    baseValue: figure(raw.value, raw.base_currency ?? ''),
    weight: decimal(raw.weight),
    annualIncome: figure(raw.annual_income, nativeCurrency),
    percentYield: yieldValue ?? (typeof raw.percent_yield === 'string' ? raw.percent_yield : null),
    assetClassCode: raw.asset_class_code || null,
    sectorName: raw.sector_name || null,
    regionalAllocation: raw.regional_allocation ?? {},
    assetClassAllocation: raw.asset_class_allocation ?? {},
    priceDate: raw.priceDate?._val.slice(0, 10) ?? null,
  };
}

/** Parses the platform's answer at the boundary. */
export function parsePositions(body: unknown): Position[] {
  return parseAnswer(positionsSchema, body, 'portfolio/position').map(toPosition);
}

/** The call's path and query for a selection. */
export function positionsRequest(selection: Pick<AnalysisSelection, 'entityId' | 'accountIds' | 'groupCode' | 'endDate'>): { path: string; query: Record<string, string> } {
  if (selection.groupCode) {
    return {
      path: `portfolio/group/account/code/${encodeURIComponent(selection.groupCode)}/position`,
      query: { entityid: String(selection.entityId), as_at_date: selection.endDate },
    };
  }
  return { path: 'portfolio/position', query: { accountid: selection.accountIds.join(','), as_at_date: selection.endDate } };
}

export async function fetchPositions(selection: AnalysisSelection, signal?: AbortSignal): Promise<Position[]> {
  if (!selection.groupCode && selection.accountIds.length === 0) return [];
  const { path, query } = positionsRequest(selection);
  // The tabs show the server's message in their warning panel (spec 2 §8), not a toast.
  return parsePositions(await request<unknown>(path, { query, signal, notify: false }));
}

export const positionsQuery = (selection: AnalysisSelection) =>
  queryOptions({
    queryKey: ['analysis', 'positions', selection.entityId, selection.groupCode, [...selection.accountIds], selection.endDate],
    queryFn: ({ signal }) => fetchPositions(selection, signal),
  });

/** The positions of the selection (Investments, Allocation, the holdings CSV). */
export function usePositions(selection: AnalysisSelection) {
  return useQuery(positionsQuery(selection));
}
