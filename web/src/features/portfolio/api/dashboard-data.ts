import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { chartFrequency } from '../../../shared/charts';
import { batch, type BatchAnswer, type BatchCall } from '../../../shared/http/batch';
import { ApiError, parseAnswer } from '../../../shared/http';
import type { DashboardAccount, DashboardAccounts } from './dashboard-accounts';
import { parseProfitAnalysis, profitAnalysisCall, type ProfitAnalysis, type ProfitAnalysisParams } from './profit-analysis';
import type { ProfitBreakdownParams } from './profit-breakdown';
import { parseTimeSeries, timeSeriesCall, type TimeSeries } from './time-series';
import { moneyValue, toMoney } from './typed-values';

/**
 * The dashboard's second round trip, 'Loading dashboard' (spec 2 §2.1, §2.2, §4): one batch
 * with the profit analysis of every account shown (the account summary), the overview's own
 * profit analysis when it covers fewer accounts (Split: mine, not linked), a TWRR series per
 * portfolio of the overview (the performance chart) and the overview's positions (the assets
 * card). The time frame is the default one (1 year) or the secondary one (since inception).
 */

export type TimeFrame = 'default' | 'secondary';

export interface DashboardSettings {
  entityId: number;
  /** Split: the overview is my accounts; otherwise all the accounts shown. */
  overviewIsMine: boolean;
  feesAndTaxes: number;
  holdBack: boolean;
}

/** Today as YYYY-MM-DD in the browser's zone; yesterday under a hold-back period (spec 2 §9). */
export function endDate(today: Date, holdBack: boolean): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (holdBack ? 1 : 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Spec 2 §4: "Since inception" starts at the earliest inception date of the selection. */
export function earliestInception(accounts: readonly Pick<DashboardAccount, 'inceptionDate'>[]): string | undefined {
  const dates = accounts.map((a) => a.inceptionDate).filter((d): d is string => Boolean(d));
  return dates.length ? dates.sort()[0] : undefined;
}

/** One year before the end, the default range (spec 2 §9); Feb 29 becomes Feb 28. */
export function oneYearBefore(end: string): string {
  const [y, m, d] = end.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export interface DashboardPlan {
  calls: BatchCall[];
  /** Which call answers what: indexes into calls (overview may be the summary's). */
  summary: number;
  overview: number | null;
  positions: number | null;
  series: { portfolioId: number; index: number }[];
  overviewAccounts: DashboardAccount[];
  /** The overview's profit-analysis parameters (what "How was this calculated?" explains). */
  overviewParams: ProfitAnalysisParams | null;
  start: string;
  end: string;
}

/** The calls of the second round trip. The accounts of every item are those the screen shows. */
export function planDashboardData(accounts: DashboardAccounts, settings: DashboardSettings, timeFrame: TimeFrame, today: Date): DashboardPlan {
  const end = endDate(today, settings.holdBack);
  const overviewAccounts = settings.overviewIsMine ? accounts.my : accounts.accounts;
  const common = { entityId: settings.entityId, feesAndTaxes: settings.feesAndTaxes, holdBack: settings.holdBack, pricingType: accounts.pricingType, endDate: end };
  const startOf = (selection: readonly DashboardAccount[]) => (timeFrame === 'secondary' ? earliestInception(selection) : undefined);
  const calls: BatchCall[] = [];
  const summaryParams: ProfitAnalysisParams = { ...common, accountIds: accounts.accounts.map((a) => a.accountId), grouping: 'portfolio,account', startDate: startOf(accounts.accounts) };
  calls.push(profitAnalysisCall(summaryParams));
  const summary = 0;
  let overview: number | null = summary;
  let overviewParams: ProfitAnalysisParams | null = summaryParams;
  if (overviewAccounts.length !== accounts.accounts.length) {
    overviewParams = overviewAccounts.length ? { ...common, accountIds: overviewAccounts.map((a) => a.accountId), startDate: startOf(overviewAccounts) } : null;
    overview = overviewParams ? calls.push(profitAnalysisCall(overviewParams)) - 1 : null;
  }
  const start = startOf(overviewAccounts) ?? oneYearBefore(end);
  const frequency = chartFrequency(start, end);
  const portfolioIds = [...new Set(overviewAccounts.map((a) => a.portfolioId).filter((id): id is number => id !== null))];
  const series = portfolioIds.map((portfolioId) => {
    // A portfolio's since-inception series starts at its own opening (every account of it,
    // as the platform counts): an earlier start date would be refused.
    const own = accounts.accounts.filter((a) => a.portfolioId === portfolioId);
    const index = calls.push(timeSeriesCall({ ...common, scope: { kind: 'portfolio', id: portfolioId }, startDate: startOf(own), frequency })) - 1;
    return { portfolioId, index };
  });
  const positions = overviewAccounts.length ? calls.push({ path: `portfolio/position?accountid=${overviewAccounts.map((a) => a.accountId).join(',')}` }) - 1 : null;
  return { calls, summary, overview, positions, series, overviewAccounts, overviewParams, start, end };
}

const positionsSchema = z.array(
  z.looseObject({
    accountid: z.number(),
    code: z.nullish(z.string()),
    description: z.nullish(z.string()),
    value: moneyValue,
  }),
);

/** A holding summed over the overview's accounts (the assets card). */
export interface Holding {
  key: string;
  description: string;
  value: number;
  currency: string;
}

/** The holdings of the overview by value, largest first; a holding without a value is left out. */
export function holdingsByValue(body: unknown): Holding[] {
  const rows = parseAnswer(positionsSchema, body, 'portfolio/position');
  const byKey = new Map<string, Holding>();
  for (const row of rows) {
    const money = toMoney(row.value);
    if (!money) continue;
    const key = `${row.code ?? row.description ?? ''}|${money.currency}`;
    const held = byKey.get(key) ?? { key, description: row.description ?? row.code ?? '', value: 0, currency: money.currency };
    held.value = Math.round(held.value * 100 + money.amount * 100) / 100;
    byKey.set(key, held);
  }
  return [...byKey.values()].sort((a, b) => b.value - a.value || a.description.localeCompare(b.description));
}

export interface DashboardData {
  summary: ProfitAnalysis;
  overview: ProfitAnalysis | null;
  series: { portfolioId: number; series: TimeSeries | null; error: string | null }[];
  holdings: Holding[] | null;
  /** The overview's selection over the dates its figures cover: "How was this calculated?". */
  overviewBreakdown: ProfitBreakdownParams | null;
  start: string;
  end: string;
}

function bodyOf(answer: BatchAnswer | undefined): unknown {
  if (!answer) throw new ApiError(0, 'missing batch answer');
  if (!answer.ok) throw answer.error;
  return answer.body;
}

export function readDashboardData(plan: DashboardPlan, answers: BatchAnswer[]): DashboardData {
  const summary = parseProfitAnalysis(bodyOf(answers[plan.summary]));
  const overview = plan.overview === null ? null : plan.overview === plan.summary ? summary : parseProfitAnalysis(bodyOf(answers[plan.overview]));
  const series = plan.series.map(({ portfolioId, index }) => {
    const answer = answers[index];
    if (!answer?.ok) return { portfolioId, series: null, error: answer?.ok === false ? answer.error.message : 'missing' };
    return { portfolioId, series: parseTimeSeries(answer.body), error: null };
  });
  const positionsAnswer = plan.positions === null ? undefined : answers[plan.positions];
  const holdings = positionsAnswer?.ok ? holdingsByValue(positionsAnswer.body) : null;
  return { summary, overview, series, holdings, overviewBreakdown: breakdownOf(plan.overviewParams, overview), start: plan.start, end: plan.end };
}

/** The overview's parameters without its grouping, over the exact dates the platform answered for. */
function breakdownOf(params: ProfitAnalysisParams | null, answer: ProfitAnalysis | null): ProfitBreakdownParams | null {
  if (!params || !answer) return null;
  const { grouping: _grouping, ...selection } = params;
  return { ...selection, startDate: answer.startDate, endDate: answer.endDate };
}

export async function fetchDashboardData(accounts: DashboardAccounts, settings: DashboardSettings, timeFrame: TimeFrame, signal?: AbortSignal): Promise<DashboardData> {
  const plan = planDashboardData(accounts, settings, timeFrame, new Date());
  return readDashboardData(plan, await batch(plan.calls, { signal }));
}

export const dashboardDataQuery = (accounts: DashboardAccounts | undefined, settings: DashboardSettings, timeFrame: TimeFrame) =>
  queryOptions({
    queryKey: ['dashboard', 'data', settings, timeFrame, accounts?.accounts.map((a) => a.accountId) ?? []],
    queryFn: ({ signal }) => fetchDashboardData(accounts!, settings, timeFrame, signal),
    enabled: accounts !== undefined && accounts.accounts.length > 0 && accounts.viewPortfolio,
  });
