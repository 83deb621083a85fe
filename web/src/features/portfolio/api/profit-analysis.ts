import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { BatchCall } from '../../../shared/http/batch';
import { parseAnswer, request } from '../../../shared/http';
import { decimalValue, moneyValue, reasonText, toDate, toMoney, toNumber, typedDate, type Money } from './typed-values';

/**
 * GET portfolio/profit_analysis/detail (spec 2 §7): value, value of change, movement, flows,
 * income, TWRR and IRR of a selection of accounts over a period, by portfolio and account when
 * grouped. The dashboard sends it inside its batch (profitAnalysisCall); the analysis pages may
 * call it directly (fetchProfitAnalysis). Figures keep the platform's exact decimals.
 */

export interface ProfitAnalysisParams {
  /** The client whose point of view orders the rows (sortOrder, isLinked). */
  entityId: number;
  accountIds: readonly number[];
  grouping?: 'portfolio,account' | 'portfolio' | 'account' | 'all';
  /** YYYY-MM-DD; absent: one year before the end (spec 2 §9). */
  startDate?: string;
  /** YYYY-MM-DD; absent: today, or yesterday under a hold-back period. */
  endDate?: string;
  feesAndTaxes: number;
  holdBack: boolean;
  pricingType?: 'close' | 'delayed' | 'live';
  reportCurrency?: string;
}

/** The query string of a profit-analysis call, in a fixed order (the e2e test sends the same). */
export function profitAnalysisQuery(params: ProfitAnalysisParams): string {
  const q = new URLSearchParams();
  q.set('entityid', String(params.entityId));
  q.set('accountid', params.accountIds.join(','));
  if (params.grouping) q.set('grouping', params.grouping);
  if (params.startDate) q.set('start_date', params.startDate);
  if (params.endDate) q.set('end_date', params.endDate);
  q.set('fees_and_taxes', String(params.feesAndTaxes));
  q.set('hold_back_period', params.holdBack ? '1' : '0');
  q.set('from_pricing_type', params.pricingType ?? 'close');
  q.set('to_pricing_type', params.pricingType ?? 'close');
  q.set('include_twrr', '1');
  q.set('include_irr', '1');
  if (params.reportCurrency) q.set('report_currency', params.reportCurrency);
  return q.toString();
}

export const profitAnalysisCall = (params: ProfitAnalysisParams): BatchCall => ({
  path: `portfolio/profit_analysis/detail?${profitAnalysisQuery(params)}`,
});

const figures = {
  value: moneyValue,
  value_start: moneyValue,
  value_change: moneyValue,
  movement: moneyValue,
  contributions: moneyValue,
  withdrawals: moneyValue,
  net_contributions: moneyValue,
  income: moneyValue,
  twrr: decimalValue,
  twrr_annualised: decimalValue,
  irr: decimalValue,
  irr_annualised: decimalValue,
  twrr_reason: z.nullish(z.string()),
  irr_reason: z.nullish(z.string()),
  error: z.nullish(z.string()),
};

const accountRow = z.looseObject({
  accountid: z.number(),
  description: z.nullish(z.string()),
  portfolioid: z.nullish(z.number()),
  portfolio_name: z.nullish(z.string()),
  plan_currency: z.nullish(z.string()),
  inception_date: z.nullish(typedDate),
  ...figures,
});

const portfolioRow = z.looseObject({
  portfolioid: z.number(),
  portfolio_name: z.nullish(z.string()),
  accounts_count: z.nullish(z.number()),
  accounts: z.optional(z.array(accountRow)),
  ...figures,
});

export const profitAnalysisSchema = z.looseObject({
  start_date: typedDate,
  end_date: typedDate,
  report_currency: z.string(),
  total: z.nullish(z.looseObject({ accounts_count: z.nullish(z.number()), ...figures })),
  portfolios: z.optional(z.array(portfolioRow)),
  accounts: z.optional(z.array(accountRow)),
  message: z.optional(z.string()),
});

/** The figures of one level (total, portfolio or account). */
export interface PerformanceFigures {
  value: Money | null;
  valueStart: Money | null;
  valueChange: Money | null;
  movement: Money | null;
  contributions: Money | null;
  withdrawals: Money | null;
  income: Money | null;
  /** Cumulative over the period, in percentage points. */
  twrr: number | null;
  irr: number | null;
  twrrAnnualised: number | null;
  irrAnnualised: number | null;
  /** Why a figure is missing ("Conversion rate unavailable", "No data available for this selection"). */
  reason: string | null;
}

export interface AccountFigures extends PerformanceFigures {
  accountId: number;
  portfolioId: number | null;
}

export interface PortfolioFigures extends PerformanceFigures {
  portfolioId: number;
  accounts: AccountFigures[];
}

export interface ProfitAnalysis {
  startDate: string;
  endDate: string;
  reportCurrency: string;
  total: (PerformanceFigures & { accountsCount: number }) | null;
  portfolios: PortfolioFigures[];
  /** Every account row, from either grouping. */
  accounts: AccountFigures[];
  message: string | null;
}

type Row = z.output<typeof accountRow> | z.output<typeof portfolioRow> | NonNullable<z.output<typeof profitAnalysisSchema>['total']>;

function toFigures(row: Row): PerformanceFigures {
  return {
    value: toMoney(row.value),
    valueStart: toMoney(row.value_start),
    valueChange: toMoney(row.value_change),
    movement: toMoney(row.movement),
    contributions: toMoney(row.contributions),
    withdrawals: toMoney(row.withdrawals),
    income: toMoney(row.income),
    twrr: toNumber(row.twrr),
    irr: toNumber(row.irr),
    twrrAnnualised: toNumber(row.twrr_annualised),
    irrAnnualised: toNumber(row.irr_annualised),
    reason: row.error ?? reasonText(row.value) ?? null,
  };
}

const toAccount = (row: z.output<typeof accountRow>): AccountFigures => ({ ...toFigures(row), accountId: row.accountid, portfolioId: row.portfolioid ?? null });

/** Reads a parsed answer into plain figures. */
export function readProfitAnalysis(answer: z.output<typeof profitAnalysisSchema>): ProfitAnalysis {
  const portfolios = (answer.portfolios ?? []).map((p) => ({ ...toFigures(p), portfolioId: p.portfolioid, accounts: (p.accounts ?? []).map(toAccount) }));
  const accounts = [...(answer.accounts ?? []).map(toAccount), ...portfolios.flatMap((p) => p.accounts)];
  return {
    startDate: toDate(answer.start_date) ?? '',
    endDate: toDate(answer.end_date) ?? '',
    reportCurrency: answer.report_currency,
    total: answer.total ? { ...toFigures(answer.total), accountsCount: answer.total.accounts_count ?? 0 } : null,
    portfolios,
    accounts,
    message: answer.message ?? null,
  };
}

export function parseProfitAnalysis(body: unknown): ProfitAnalysis {
  return readProfitAnalysis(parseAnswer(profitAnalysisSchema, body, 'portfolio/profit_analysis/detail'));
}

export async function fetchProfitAnalysis(params: ProfitAnalysisParams, signal?: AbortSignal): Promise<ProfitAnalysis> {
  const body = await request<unknown>(profitAnalysisCall(params).path, { signal });
  return parseProfitAnalysis(body);
}

/** Query options of a direct profit-analysis call (the analysis pages). */
export const profitAnalysisQueryOptions = (params: ProfitAnalysisParams) =>
  queryOptions({
    queryKey: ['profit-analysis', params],
    queryFn: ({ signal }) => fetchProfitAnalysis(params, signal),
  });
