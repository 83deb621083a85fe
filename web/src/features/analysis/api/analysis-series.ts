import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { chartFrequency, type ChartPoint } from '../../../shared/charts';
import { batch, type BatchAnswer, type BatchCall } from '../../../shared/http/batch';
import { parseAnswer } from '../../../shared/http';
import type { DashboardAccount } from '../../portfolio/api/dashboard-accounts';
import { earliestInception } from '../../portfolio/api/dashboard-data';
import { parseTimeSeries, timeSeriesCall, type SeriesScope, type TimeSeries } from '../../portfolio/api/time-series';
import { decimalValue, moneyValue, toDate, toMoney, toNumber, typedDate } from '../../portfolio/api/typed-values';
import type { Level } from '../drill-down';

/**
 * The chart's data in one batch (spec 2 §2.3, §7): the TWRR time series of the selection (an
 * account, an account group, a portfolio, or at the top one per portfolio), with the chosen
 * benchmark beside it (benchmark_name), in the chart's currency, at the frequency of spec 2 §9.
 */

export interface SeriesRequest {
  entityId: number;
  level: Level;
  /** The selection's accounts (a scope's opening is that of its own accounts). */
  accounts: readonly DashboardAccount[];
  startDate: string;
  endDate: string;
  feesAndTaxes: number;
  holdBack: boolean;
  pricingType: 'close' | 'delayed' | 'live';
  benchmarkName: string | null;
  currency: string;
}

interface ScopeCall {
  scope: SeriesScope;
  name: string;
  accounts: readonly DashboardAccount[];
}

function scopesOf(req: SeriesRequest): ScopeCall[] {
  const { level } = req;
  if (level.kind === 'account') return [{ scope: { kind: 'account', id: level.accountId }, name: req.accounts[0]?.description ?? '', accounts: req.accounts }];
  if (level.kind === 'group') return [{ scope: { kind: 'group', code: level.code }, name: '', accounts: req.accounts }];
  if (level.kind === 'portfolio') return [{ scope: { kind: 'portfolio', id: level.portfolioId }, name: req.accounts[0]?.portfolioName ?? '', accounts: req.accounts }];
  const ids = [...new Set(req.accounts.map((a) => a.portfolioId).filter((id): id is number => id !== null))];
  return ids.map((id) => {
    const own = req.accounts.filter((a) => a.portfolioId === id);
    return { scope: { kind: 'portfolio', id }, name: own[0]?.portfolioName || `Portfolio ${id}`, accounts: own };
  });
}

export function planSeries(req: SeriesRequest): { calls: BatchCall[]; names: string[] } {
  const frequency = chartFrequency(req.startDate, req.endDate);
  const scopes = scopesOf(req);
  const calls = scopes.map((s) => {
    // A portfolio opened after the range's start is asked from its own opening: an earlier
    // start would be refused (spec 2 §8), and it was worth nothing before.
    const opening = earliestInception(s.accounts);
    const startDate = opening && opening > req.startDate && opening <= req.endDate ? opening : req.startDate;
    return timeSeriesCall({
      scope: s.scope,
      entityId: req.entityId,
      startDate,
      endDate: req.endDate,
      frequency,
      feesAndTaxes: req.feesAndTaxes,
      holdBack: req.holdBack,
      pricingType: req.pricingType,
      benchmarkName: req.benchmarkName ?? undefined,
      reportCurrency: req.currency,
    });
  });
  return { calls, names: scopes.map((s) => s.name) };
}

const benchmarkSchema = z.looseObject({
  benchmark: z.optional(z.looseObject({ name: z.string(), points: z.array(z.looseObject({ date: typedDate, value: decimalValue })) })),
});

export interface BenchmarkSeries {
  name: string;
  points: { date: string; value: number | null }[];
}

/** The benchmark's cumulative return beside a series (null when none was asked for). */
export function parseBenchmarkSeries(body: unknown): BenchmarkSeries | null {
  const answer = parseAnswer(benchmarkSchema, body, 'historic_time_series_twrr benchmark');
  if (!answer.benchmark) return null;
  return { name: answer.benchmark.name, points: answer.benchmark.points.map((p) => ({ date: toDate(p.date) ?? '', value: toNumber(p.value) })) };
}

const flowsSchema = z.looseObject({ points: z.array(z.looseObject({ date: typedDate, net_flows: moneyValue })) });

/**
 * The net external flows of each period of a series (spec 2 §7 "Cashflow (Value tab, unless
 * hidden)"): contributions less withdrawals since the previous point, as the platform sums them
 * day by day (points[].net_flows of the same series call, so the Value tab costs no call of its
 * own). A point without the figure has none (null).
 */
export function parseNetFlows(body: unknown): ChartPoint[] {
  const answer = parseAnswer(flowsSchema, body, 'historic_time_series_twrr net_flows');
  return answer.points.map((p) => ({ date: toDate(p.date) ?? '', value: toMoney(p.net_flows)?.amount ?? null }));
}

export interface AnalysisSeries {
  /** Each scope's series, with its net flows per period (parseNetFlows). */
  series: { name: string; series: TimeSeries; flows: ChartPoint[] }[];
  benchmark: BenchmarkSeries | null;
  /** The first refusal's message ("Conversion rate unavailable"), when a series failed. */
  error: string | null;
}

export function readSeries(names: readonly string[], answers: BatchAnswer[]): AnalysisSeries {
  const series: AnalysisSeries['series'] = [];
  let benchmark: BenchmarkSeries | null = null;
  let error: string | null = null;
  answers.forEach((answer, index) => {
    if (!answer.ok) {
      error ??= answer.error.user_message || answer.error.message;
      return;
    }
    series.push({ name: names[index] ?? '', series: parseTimeSeries(answer.body), flows: parseNetFlows(answer.body) });
    benchmark ??= parseBenchmarkSeries(answer.body);
  });
  return { series, benchmark, error };
}

export async function fetchSeries(req: SeriesRequest, signal?: AbortSignal): Promise<AnalysisSeries> {
  const plan = planSeries(req);
  return readSeries(plan.names, await batch(plan.calls, { signal, notify: false }));
}

export const seriesQuery = (req: SeriesRequest | null) =>
  queryOptions({
    queryKey: ['analysis', 'series', req && { ...req, accounts: req.accounts.map((a) => a.accountId) }],
    queryFn: ({ signal }) => fetchSeries(req!, signal),
    enabled: req !== null && req.accounts.length > 0,
  });
