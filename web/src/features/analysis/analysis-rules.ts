import type { ProfitAnalysisType } from '../portfolio/portfolio-rules';

/**
 * The analysis page's rules of spec 2 §2.3 and §4 as plain functions: the chart tabs, which
 * lower tabs show and which opens first, the starting currency view.
 */

export type ChartTab = 'percentage' | 'value';

export interface ChartTabContext {
  profitAnalysisType: ProfitAnalysisType;
  /** Every account of the selection is blocked (visibility off). */
  blocked: boolean;
  useHistoricData: boolean;
  /** An account filter is set (a portfolio, group or account is drilled into). */
  hasFilter: boolean;
}

/** Spec 2 §2.3: the percentage chart needs TWRR and a non-blocked selection, and with historic data a selected account. */
export function percentageAllowed(ctx: ChartTabContext): boolean {
  return ctx.profitAnalysisType === 'twrr' && !ctx.blocked && (!ctx.useHistoricData || ctx.hasFilter);
}

/** Spec 2 §2.3: the chart starts as Percentage when TWRR applies, else Value. */
export function initialChartTab(ctx: ChartTabContext): ChartTab {
  return percentageAllowed(ctx) ? 'percentage' : 'value';
}

/**
 * Spec 2 §2.3: after the selection changes. With historic data the chart switches to Percentage
 * when an account filter appears and to Value when it is cleared; otherwise the chosen tab stays
 * unless Percentage is no longer allowed.
 */
export function chartTabAfterSelection(current: ChartTab, ctx: ChartTabContext): ChartTab {
  const allowed = percentageAllowed(ctx);
  if (ctx.useHistoricData) return ctx.hasFilter && allowed ? 'percentage' : 'value';
  return current === 'percentage' && !allowed ? 'value' : current;
}

export type AnalysisTabKey = 'accounts' | 'investments' | 'allocation' | 'transactions' | 'instructions' | 'payment';

export const ANALYSIS_TAB_LABELS: Record<AnalysisTabKey, string> = {
  accounts: 'Accounts',
  investments: 'Investments',
  allocation: 'Allocation',
  transactions: 'Transactions',
  instructions: 'Investment instructions',
  payment: 'Payment information',
};

/** A tab's label: Investments, Allocation and Transactions are the site's headings (spec 2 §2.3 "Default headings"). */
export function tabLabel(key: AnalysisTabKey, headings: { investments: string; allocation: string; transactions: string }): string {
  return key === 'investments' || key === 'allocation' || key === 'transactions' ? headings[key] : ANALYSIS_TAB_LABELS[key];
}

export interface TabContext {
  singleAccount: boolean;
  sections: { investments: boolean; allocation: boolean; transactions: boolean };
  allocation: { assetClass: boolean; sector: boolean; region: boolean };
  /** The client-analysis feature flag (use-client-analysis). */
  clientAnalysis: boolean;
  /** Capability modelling_by_target_sets. */
  targetSets: boolean;
}

/** Spec 2 §2.3: the lower tabs in order, each under its access rule. */
export function visibleTabs(ctx: TabContext): AnalysisTabKey[] {
  const tabs: AnalysisTabKey[] = [];
  if (!ctx.singleAccount) tabs.push('accounts');
  if (ctx.sections.investments) tabs.push('investments');
  if (ctx.sections.allocation && (ctx.allocation.assetClass || ctx.allocation.sector || ctx.allocation.region)) tabs.push('allocation');
  if (ctx.sections.transactions) tabs.push('transactions');
  if (ctx.singleAccount && ctx.clientAnalysis && ctx.targetSets) tabs.push('instructions');
  if (ctx.singleAccount && ctx.clientAnalysis) tabs.push('payment');
  return tabs;
}

/** Spec 2 §2.3: Investments can be the default tab unless a single account is selected; else the first shown. */
export function defaultTab(tabs: readonly AnalysisTabKey[], investmentsDefault: boolean, singleAccount: boolean): AnalysisTabKey | null {
  if (investmentsDefault && !singleAccount && tabs.includes('investments')) return 'investments';
  return tabs[0] ?? null;
}

/** The open tab after the tabs change: kept while still shown, else the default. */
export function tabAfterChange(current: AnalysisTabKey | null, tabs: readonly AnalysisTabKey[], investmentsDefault: boolean, singleAccount: boolean): AnalysisTabKey | null {
  return current && tabs.includes(current) ? current : defaultTab(tabs, investmentsDefault, singleAccount);
}

/** Spec 2 §4: the currency view starts as plan for multi-currency clients or an account-group filter with a key. */
export function initialCurrencyView(multiCurrency: boolean, groupFilterWithKey: boolean): 'plan' | 'session' {
  return multiCurrency || groupFilterWithKey ? 'plan' : 'session';
}
