import type { SiteConfig } from '../../shared/config/site-config';
import { dashboardConfig, type DashboardConfig } from '../portfolio/dashboard-settings';
import type { DateOptionKey } from './date-range';

/**
 * The analysis page's settings (site configuration `settings.analysis`) with the spec's
 * defaults (spec 2 §2.3, §2.4, §5). The portfolio settings it shares with the dashboard
 * (grouping, profit analysis type, fees and taxes, hold-back, historic data) come from
 * dashboardConfig, read once for both screens.
 */

/**
 * Spec 2 §2.4 names two option lists and §5 two message sets without saying which a firm gets:
 * both are supported, picked by `dateOptionList` and `dateMessages` (README, "Decisions").
 */
export type DateOptionList = 'standard' | 'tax-years';
export type DateMessageSet = 'standard' | 'alternate';

/** Spec 2 §2.3's default headings of the performance card and the tabs; a site may rename them. */
export const ANALYSIS_HEADINGS = {
  totalValue: 'Total value',
  performance: 'Performance',
  valueOfChange: 'Value of change',
  investments: 'Investments',
  allocation: 'Allocation',
  transactions: 'Transactions',
} as const;

export type AnalysisHeadings = Record<keyof typeof ANALYSIS_HEADINGS, string>;

export interface AnalysisConfig extends DashboardConfig {
  /** The card's and the tabs' headings (settings.analysis.headings), defaults ANALYSIS_HEADINGS. */
  headings: AnalysisHeadings;
  dateOptionList: DateOptionList;
  /** Spec 2 §5: Custom, 2 years, 3 years, Since inception and Year to date can be disabled. */
  disabledDateOptions: DateOptionKey[];
  dateMessages: DateMessageSet;
  /** The configured texts of the standard message set (spec 2 §5 "the configured ... errors"). */
  invalidDateFormat: string | null;
  endBeforeStart: string | null;
  /** Published sections (spec 2 §2.3); each is published unless set to false. */
  sections: { investments: boolean; allocation: boolean; transactions: boolean };
  /** Which allocation types the Allocation tab shows; the tab needs at least one. */
  allocation: { assetClass: boolean; sector: boolean; region: boolean };
  /** Spec 2 §2.3: Investments may be the default tab (not with a single account selected). */
  investmentsDefault: boolean;
  /** Spec 2 §5: accounts without transactions are hidden unless allowed (default: hidden). */
  showAccountsWithoutTransactions: boolean;
  /** Spec 2 §7: the Value tab's cash-flow columns, unless hidden (default: shown). */
  showCashflow: boolean;
  /** The 'Market data provided by' footer's provider (shown under the market-data-logo flag). */
  marketDataProvider: { name: string; logo: string | null; url: string | null } | null;
}

const DISABLEABLE: readonly DateOptionKey[] = ['custom', '2y', '3y', 'inception', 'ytd', 'current-tax-year', 'previous-tax-year'];

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

export function analysisConfig(config: SiteConfig): AnalysisConfig {
  const raw = record(config.settings.analysis);
  const sections = record(raw.sections);
  const allocation = record(raw.allocation);
  const provider = record(raw.marketDataProvider);
  const disabled = Array.isArray(raw.disabledDateOptions) ? raw.disabledDateOptions : [];
  const headings = record(raw.headings);
  return {
    ...dashboardConfig(config),
    headings: Object.fromEntries(Object.entries(ANALYSIS_HEADINGS).map(([key, fallback]) => [key, text(headings[key]) ?? fallback])) as AnalysisHeadings,
    dateOptionList: raw.dateOptionList === 'tax-years' ? 'tax-years' : 'standard',
    disabledDateOptions: DISABLEABLE.filter((key) => disabled.includes(key)),
    dateMessages: raw.dateMessages === 'alternate' ? 'alternate' : 'standard',
    invalidDateFormat: text(raw.invalidDateFormat),
    endBeforeStart: text(raw.endBeforeStart),
    sections: { investments: sections.investments !== false, allocation: sections.allocation !== false, transactions: sections.transactions !== false },
    allocation: { assetClass: allocation.assetClass !== false, sector: allocation.sector !== false, region: allocation.region !== false },
    investmentsDefault: raw.investmentsDefault === true,
    showAccountsWithoutTransactions: raw.showAccountsWithoutTransactions === true,
    showCashflow: raw.showCashflow !== false,
    marketDataProvider: text(provider.name) ? { name: provider.name as string, logo: text(provider.logo), url: text(provider.url) } : null,
  };
}
