import { queryOptions } from '@tanstack/react-query';
import { batch, type BatchAnswer, type BatchCall } from '../../../shared/http/batch';
import { ApiError } from '../../../shared/http';
import type { DashboardAccount } from '../../portfolio/api/dashboard-accounts';
import { parseProfitAnalysis, profitAnalysisCall, type ProfitAnalysis, type ProfitAnalysisParams } from '../../portfolio/api/profit-analysis';

/**
 * The analysis page's figures in one batch (spec 2 §2.3, §7): the profit analysis of the
 * selection by portfolio and account (the performance card and the Accounts tab), one per
 * account group listed (a group's TWR cannot be summed from its accounts'), and, in the
 * original-currency view, one per plan currency other than the report currency (each account
 * then shows in its own currency). Same call shape as the dashboard's (profitAnalysisCall).
 */

export interface FiguresRequest {
  entityId: number;
  /** The selection's accounts. */
  accounts: readonly DashboardAccount[];
  /** Account groups listed as rows (account-group grouping, top level). */
  groups: readonly { code: string; accountIds: readonly number[] }[];
  startDate: string;
  endDate: string;
  feesAndTaxes: number;
  holdBack: boolean;
  pricingType: 'close' | 'delayed' | 'live';
  /** The currency of the card and of rows in the preferred-currency view. */
  currency: string;
  currencyView: 'plan' | 'session';
}

export interface FiguresPlan {
  calls: BatchCall[];
  groups: { code: string; index: number }[];
  currencies: { currency: string; index: number }[];
}

export function planFigures(req: FiguresRequest): FiguresPlan {
  const common: Omit<ProfitAnalysisParams, 'accountIds'> = {
    entityId: req.entityId,
    startDate: req.startDate,
    endDate: req.endDate,
    feesAndTaxes: req.feesAndTaxes,
    holdBack: req.holdBack,
    pricingType: req.pricingType,
  };
  const calls: BatchCall[] = [profitAnalysisCall({ ...common, accountIds: req.accounts.map((a) => a.accountId), grouping: 'portfolio,account', reportCurrency: req.currency })];
  const groups = req.groups
    .filter((g) => g.accountIds.length > 0)
    .map((g) => ({ code: g.code, index: calls.push(profitAnalysisCall({ ...common, accountIds: g.accountIds, reportCurrency: req.currency })) - 1 }));
  const currencies: FiguresPlan['currencies'] = [];
  if (req.currencyView === 'plan') {
    const other = [...new Set(req.accounts.map((a) => a.planCurrency))].filter((c) => c && c !== req.currency).sort();
    for (const currency of other) {
      const ids = req.accounts.filter((a) => a.planCurrency === currency).map((a) => a.accountId);
      currencies.push({ currency, index: calls.push(profitAnalysisCall({ ...common, accountIds: ids, grouping: 'portfolio,account', reportCurrency: currency })) - 1 });
    }
  }
  return { calls, groups, currencies };
}

export interface AnalysisFigures {
  main: ProfitAnalysis;
  /** Per group code: its own profit analysis, or null when it failed. */
  groups: Map<string, ProfitAnalysis | null>;
  /** Per plan currency: the analysis of its accounts in that currency, or null when it failed. */
  byCurrency: Map<string, ProfitAnalysis | null>;
}

function optional(answer: BatchAnswer | undefined): ProfitAnalysis | null {
  return answer?.ok ? parseProfitAnalysis(answer.body) : null;
}

/** Reads the answers; the selection's own analysis failing (an opening-date refusal) fails the whole. */
export function readFigures(plan: FiguresPlan, answers: BatchAnswer[]): AnalysisFigures {
  const first = answers[0];
  if (!first) throw new ApiError(0, 'missing batch answer');
  if (!first.ok) throw first.error;
  return {
    main: parseProfitAnalysis(first.body),
    groups: new Map(plan.groups.map((g) => [g.code, optional(answers[g.index])])),
    byCurrency: new Map(plan.currencies.map((c) => [c.currency, optional(answers[c.index])])),
  };
}

export async function fetchFigures(req: FiguresRequest, signal?: AbortSignal): Promise<AnalysisFigures> {
  const plan = planFigures(req);
  return readFigures(plan, await batch(plan.calls, { signal, notify: false }));
}

export const figuresQuery = (req: FiguresRequest | null) =>
  queryOptions({
    queryKey: ['analysis', 'figures', req && { ...req, accounts: req.accounts.map((a) => a.accountId) }],
    queryFn: ({ signal }) => fetchFigures(req!, signal),
    enabled: req !== null && req.accounts.length > 0,
  });
