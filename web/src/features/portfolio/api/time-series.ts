import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { BatchCall } from '../../../shared/http/batch';
import { parseAnswer, request } from '../../../shared/http';
import { decimalValue, moneyValue, toDate, toMoney, toNumber, typedDate } from './typed-values';

/**
 * GET .../profit_analysis/historic_time_series_twrr (spec 2 §7) of an account, an account
 * group or a portfolio: value, cumulative movement and TWRR at each sampled date. The
 * dashboard sends one per portfolio inside its batch; the analysis pages call it directly.
 */

export type SeriesScope = { kind: 'account'; id: number } | { kind: 'portfolio'; id: number } | { kind: 'group'; code: string };

export interface TimeSeriesParams {
  scope: SeriesScope;
  /** The client whose hidden accounts are left out, and whose group codes are meant. */
  entityId: number;
  startDate?: string;
  endDate?: string;
  /** Spec 2 §9 frequency code (chartFrequency). */
  frequency: number;
  feesAndTaxes: number;
  holdBack: boolean;
  pricingType?: 'close' | 'delayed' | 'live';
  benchmarkName?: string;
  reportCurrency?: string;
}

function scopePath(scope: SeriesScope): string {
  if (scope.kind === 'account') return `portfolio/account/${scope.id}`;
  if (scope.kind === 'portfolio') return `portfolio/portfolio/${scope.id}`;
  return `portfolio/group/account/code/${encodeURIComponent(scope.code)}`;
}

export function timeSeriesPath(params: TimeSeriesParams): string {
  const q = new URLSearchParams();
  q.set('entityid', String(params.entityId));
  if (params.startDate) q.set('start_date', params.startDate);
  if (params.endDate) q.set('end_date', params.endDate);
  q.set('frequency', String(params.frequency));
  q.set('fees_and_taxes', String(params.feesAndTaxes));
  q.set('hold_back_period', params.holdBack ? '1' : '0');
  q.set('from_pricing_type', params.pricingType ?? 'close');
  q.set('to_pricing_type', params.pricingType ?? 'close');
  // Funds under management only (spec 2 §3: 'Not managed' accounts are left out).
  q.set('apply_exclude_unless_FUM', '1');
  if (params.benchmarkName) q.set('benchmark_name', params.benchmarkName);
  if (params.reportCurrency) q.set('report_currency', params.reportCurrency);
  return `${scopePath(params.scope)}/profit_analysis/historic_time_series_twrr?${q.toString()}`;
}

export const timeSeriesCall = (params: TimeSeriesParams): BatchCall => ({ path: timeSeriesPath(params) });

const point = z.looseObject({
  date: typedDate,
  value: moneyValue,
  movement: moneyValue,
  twrr: decimalValue,
  net_flows: moneyValue,
});

export const timeSeriesSchema = z.looseObject({
  start_date: typedDate,
  end_date: typedDate,
  report_currency: z.string(),
  frequency: z.optional(z.number()),
  twrr: z.optional(z.unknown()),
  twrr_reason: z.nullish(z.string()),
  points: z.array(point),
  message: z.optional(z.string()),
  benchmark: z.optional(z.looseObject({ name: z.string(), points: z.array(z.looseObject({ date: typedDate, twrr: decimalValue })) })),
});

export interface SeriesPoint {
  date: string;
  value: number | null;
  movement: number | null;
  twrr: number | null;
}

export interface TimeSeries {
  startDate: string;
  endDate: string;
  currency: string;
  points: SeriesPoint[];
  /** "No data available for this selection" or why the return cannot be worked out. */
  message: string | null;
}

export function parseTimeSeries(body: unknown): TimeSeries {
  const answer = parseAnswer(timeSeriesSchema, body, 'historic_time_series_twrr');
  return {
    startDate: toDate(answer.start_date) ?? '',
    endDate: toDate(answer.end_date) ?? '',
    currency: answer.report_currency,
    points: answer.points.map((p) => ({
      date: toDate(p.date) ?? '',
      value: toMoney(p.value)?.amount ?? null,
      movement: toMoney(p.movement)?.amount ?? null,
      twrr: toNumber(p.twrr),
    })),
    message: answer.message ?? answer.twrr_reason ?? null,
  };
}

export async function fetchTimeSeries(params: TimeSeriesParams, signal?: AbortSignal): Promise<TimeSeries> {
  return parseTimeSeries(await request<unknown>(timeSeriesPath(params), { signal }));
}

export const timeSeriesQueryOptions = (params: TimeSeriesParams) =>
  queryOptions({ queryKey: ['time-series', params], queryFn: ({ signal }) => fetchTimeSeries(params, signal) });

/**
 * The value of several series summed date by date (the dashboard's portfolios together). A
 * date is kept when every series has a point on it, or has not started yet (a portfolio opened
 * later was worth nothing then); a date one series skips is dropped, so a sum never leaves a
 * portfolio out.
 */
export function sumSeriesValues(series: readonly Pick<TimeSeries, 'startDate' | 'points'>[]): { date: string; value: number }[] {
  if (series.length === 0) return [];
  const maps = series.map((s) => new Map(s.points.filter((p) => p.value !== null).map((p) => [p.date, p.value as number])));
  const dates = [...new Set(maps.flatMap((m) => [...m.keys()]))].sort();
  const out: { date: string; value: number }[] = [];
  for (const date of dates) {
    let cents = 0;
    let complete = true;
    series.forEach((s, index) => {
      const value = maps[index]!.get(date);
      if (value !== undefined) cents += Math.round(value * 100);
      else if (date >= s.startDate) complete = false;
    });
    // Summed in pence so 0.1 + 0.2 does not drift.
    if (complete) out.push({ date, value: cents / 100 });
  }
  return out;
}
