import type { SiteConfig } from '../../shared/config/site-config';
import { parseFeesAndTaxes, parsePortfolioGrouping, parseProfitAnalysisType, type PortfolioGrouping, type ProfitAnalysisType } from './portfolio-rules';

/** The dashboard's settings and texts with the spec's defaults (spec 2 §2.1, §2.2, §5, §9). */
export interface DashboardConfig {
  grouping: PortfolioGrouping;
  profitAnalysisType: ProfitAnalysisType;
  feesAndTaxes: number;
  holdBack: boolean;
  useHistoricData: boolean;
  greeting: 'welcome' | 'portfolio';
  /** Spec 2 §2.1: the greeting can be hidden when used as a header. */
  showGreeting: boolean;
  accountSummaryMode: 'tiles' | 'table';
  showRadialPercentage: boolean;
  chartType: 'value' | 'performance';
  texts: {
    accountSummaryHeading: string;
    assetsHeading: string;
    assetsLinkText: string;
    noManagedAssets: string;
    untrackedAssetsNote: string;
    valuationBasis: string | null;
    contactUs: string | null;
  };
}

/** Spec 2 §2.1 default texts. */
export const DASHBOARD_TEXTS = {
  portfolioError: 'Something went wrong with loading your portfolio data.',
  noVisibleAccounts: 'There are no visible accounts in this portfolio.',
  noPortfolios: 'No portfolios',
  accountSummaryHeading: 'Your Accounts',
  linkedAccounts: 'Linked accounts',
  assetsHeading: 'Your assets',
  assetsLinkText: 'View assets',
  noManagedAssets: 'No managed assets data.',
  untrackedAssetsNote: 'Some of your assets are not automatically tracked, so their values may not be up to date.',
  viewAnalysis: 'View portfolio analysis',
  performanceCaption: 'performance of underlying assets',
  valueChangeCaption: 'includes contributions and withdrawals',
  multiCurrency: 'converted from multiple currencies',
  loadingAccounts: 'Loading accounts',
  loadingDashboard: 'Loading dashboard',
} as const;

export function dashboardConfig(config: SiteConfig): DashboardConfig {
  const { settings, content } = config;
  const dashboard = settings.dashboard ?? {};
  const texts = content.dashboard ?? {};
  const holdBack = settings.holdBackPeriod;
  return {
    grouping: parsePortfolioGrouping(settings.portfolioGrouping),
    profitAnalysisType: parseProfitAnalysisType(settings.profitAnalysisType),
    feesAndTaxes: parseFeesAndTaxes(settings.feesAndTaxes),
    holdBack: typeof holdBack === 'number' ? holdBack > 0 : holdBack === true,
    useHistoricData: settings.useHistoricData === true,
    greeting: dashboard.greeting === 'portfolio' ? 'portfolio' : 'welcome',
    showGreeting: dashboard.showGreeting !== false,
    accountSummaryMode: dashboard.accountSummaryMode === 'table' ? 'table' : 'tiles',
    showRadialPercentage: dashboard.showRadialPercentage !== false,
    chartType: dashboard.chartType === 'performance' ? 'performance' : 'value',
    texts: {
      accountSummaryHeading: texts.accountSummaryHeading || DASHBOARD_TEXTS.accountSummaryHeading,
      assetsHeading: texts.assetsHeading || DASHBOARD_TEXTS.assetsHeading,
      assetsLinkText: texts.assetsLinkText || DASHBOARD_TEXTS.assetsLinkText,
      noManagedAssets: DASHBOARD_TEXTS.noManagedAssets,
      untrackedAssetsNote: DASHBOARD_TEXTS.untrackedAssetsNote,
      valuationBasis: texts.valuationBasis ?? null,
      contactUs: texts.contactUs ?? null,
    },
  };
}
