import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import { profitAnalysisQuery, type ProfitAnalysisParams } from './profit-analysis';
import { decimalValue, moneyValue, toDate, toMoney, toNumber, typedDate, type Money } from './typed-values';

/**
 * GET portfolio/profit_analysis/breakdown (and the account group's, issue 15 "How was this
 * calculated?"): the figures of a profit analysis's total for the same selection, plus growth
 * (so opening + contributions + withdrawals + growth = closing to the penny) and every daily
 * sub-period of the TWRR's chain-link. Same parameters as profit_analysis/detail
 * (docs/api-contract.md).
 */

/** The selection a breakdown explains: that of the figures shown (a group by its code). */
export type ProfitBreakdownParams = Omit<ProfitAnalysisParams, 'grouping'> & { groupCode?: string };

export function profitBreakdownPath(params: ProfitBreakdownParams): string {
  const { groupCode, ...rest } = params;
  const base = groupCode ? `portfolio/group/account/code/${encodeURIComponent(groupCode)}` : 'portfolio';
  return `${base}/profit_analysis/breakdown?${profitAnalysisQuery(rest)}`;
}

const subPeriod = z.looseObject({
  start_date: typedDate,
  end_date: typedDate,
  value_start: decimalValue,
  flow: decimalValue,
  value: decimalValue,
  return: decimalValue,
  cumulative_return: decimalValue,
});

const total = z.looseObject({
  accounts_count: z.nullish(z.number()),
  value_start: moneyValue,
  contributions: moneyValue,
  withdrawals: moneyValue,
  income: moneyValue,
  growth: moneyValue,
  movement: moneyValue,
  value: moneyValue,
  value_change: moneyValue,
  twrr: decimalValue,
  twrr_annualised: decimalValue,
  twrr_start_date: z.nullish(typedDate),
  irr: decimalValue,
  irr_annualised: decimalValue,
  twrr_reason: z.nullish(z.string()),
  irr_reason: z.nullish(z.string()),
  error: z.nullish(z.string()),
});

export const profitBreakdownSchema = z.looseObject({
  start_date: typedDate,
  end_date: typedDate,
  report_currency: z.string(),
  total: z.nullish(total),
  subperiods: z.array(subPeriod),
  message: z.optional(z.string()),
});

/** The period's figures (money as the platform sent it, returns in percentage points). */
export interface BreakdownFigures {
  accountsCount: number;
  valueStart: Money | null;
  contributions: Money | null;
  withdrawals: Money | null;
  /** Received in the accounts: part of growth. */
  income: Money | null;
  /** value − valueStart − contributions − withdrawals, to the penny. */
  growth: Money | null;
  value: Money | null;
  twrr: number | null;
  twrrAnnualised: number | null;
  twrrStartDate: string | null;
  irr: number | null;
  irrAnnualised: number | null;
  twrrReason: string | null;
  irrReason: string | null;
  /** Why no figure could be worked out ("Conversion rate unavailable"). */
  error: string | null;
}

/** One link of the TWRR's chain: amounts in the report currency, returns in percentage points. */
export interface SubPeriod {
  startDate: string;
  endDate: string;
  startValue: number;
  flow: number;
  endValue: number;
  /** The day's return, percentage points (10 decimals). */
  return: number;
  /** ∏(1 + r) − 1 up to this day: the TWRR at its end, percentage points. */
  cumulativeReturn: number;
}

export interface ProfitBreakdown {
  startDate: string;
  endDate: string;
  reportCurrency: string;
  figures: BreakdownFigures | null;
  subPeriods: SubPeriod[];
  message: string | null;
}

export function parseProfitBreakdown(body: unknown): ProfitBreakdown {
  const answer = parseAnswer(profitBreakdownSchema, body, 'portfolio/profit_analysis/breakdown');
  const t = answer.total;
  return {
    startDate: toDate(answer.start_date) ?? '',
    endDate: toDate(answer.end_date) ?? '',
    reportCurrency: answer.report_currency,
    figures: t
      ? {
          accountsCount: t.accounts_count ?? 0,
          valueStart: toMoney(t.value_start),
          contributions: toMoney(t.contributions),
          withdrawals: toMoney(t.withdrawals),
          income: toMoney(t.income),
          growth: toMoney(t.growth),
          value: toMoney(t.value),
          twrr: toNumber(t.twrr),
          twrrAnnualised: toNumber(t.twrr_annualised),
          twrrStartDate: toDate(t.twrr_start_date),
          irr: toNumber(t.irr),
          irrAnnualised: toNumber(t.irr_annualised),
          twrrReason: t.twrr_reason ?? null,
          irrReason: t.irr_reason ?? null,
          error: t.error ?? null,
        }
      : null,
    subPeriods: answer.subperiods.map((s) => ({
      startDate: toDate(s.start_date) ?? '',
      endDate: toDate(s.end_date) ?? '',
      startValue: toNumber(s.value_start) ?? 0,
      flow: toNumber(s.flow) ?? 0,
      endValue: toNumber(s.value) ?? 0,
      return: toNumber(s.return) ?? 0,
      cumulativeReturn: toNumber(s.cumulative_return) ?? 0,
    })),
    message: answer.message ?? null,
  };
}

export async function fetchProfitBreakdown(params: ProfitBreakdownParams, signal?: AbortSignal): Promise<ProfitBreakdown> {
  return parseProfitBreakdown(await request<unknown>(profitBreakdownPath(params), { signal }));
}

export const profitBreakdownQueryOptions = (params: ProfitBreakdownParams) =>
  queryOptions({
    queryKey: ['profit-breakdown', params],
    queryFn: ({ signal }) => fetchProfitBreakdown(params, signal),
  });

/** The breakdown of a selection, fetched only while enabled (the modal is open). */
export function useProfitBreakdown(params: ProfitBreakdownParams, enabled = true) {
  return useQuery({ ...profitBreakdownQueryOptions(params), enabled });
}
