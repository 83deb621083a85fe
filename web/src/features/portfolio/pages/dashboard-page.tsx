import type { RefresherEventDetail } from '../components/ionic-refresher';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useFeatureToggles } from '../../../shared/api/feature-toggles';
import { isEnabled } from '../../../shared/config/feature-toggles';
import type { SiteConfig } from '../../../shared/config/site-config';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { getWindowSettings } from '../../../shared/config/window-settings';
import { dateLocale, dayjs } from '../../../shared/format/dates';
import { greetingName } from '../../../shared/format/person-name';
import { warmUpFormats } from '../../../shared/format/warm-up';
import { useClientScope } from '../../../shared/session/client-scope';
import type { SiteAccessLevel } from '../../../shared/session/site-access';
import { Notice } from '../../../shared/ui/field';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { dashboardAccountsQuery, type DashboardAccounts } from '../api/dashboard-accounts';
import { dashboardDataQuery, type DashboardData, type TimeFrame } from '../api/dashboard-data';
import { managedAssetsQuery, type ManagedAssets } from '../api/managed-assets';
import { AccountSummary } from '../components/account-summary';
import { AssetsSummary } from '../components/assets-summary';
import { ContactUs } from '../components/contact-us';
import { LoadingProgress, loadingStep } from '../components/loading-progress';
import { OverviewTiles } from '../components/overview-tiles';
import { PerformanceChart } from '../components/performance-chart';
import { PullToRefresh } from '../components/pull-to-refresh';
import { ValuationBasis } from '../components/valuation-basis';
import { DASHBOARD_TEXTS, dashboardConfig, type DashboardConfig } from '../dashboard-settings';
import { performanceHidden } from '../portfolio-rules';
import '../dashboard.css';

export interface DashboardPageProps {
  siteAccess: SiteAccessLevel;
  /** The analysis page (account tiles link to it with ?id=); null hides 'View portfolio analysis'. */
  analysisPath: string;
  showAnalysisLink: boolean;
  /** The balance sheet ('View assets'), when this build has it. */
  assetsPath: string | null;
  /** Compose a message to the adviser (the contact-us block). */
  composePath: string | null;
  /** Spec 2 §2.1: the contact-us block when the adviser details page is not configured. */
  showContactUs: boolean;
}

export const TIME_FRAMES: Record<TimeFrame, string> = { default: '1 year', secondary: 'Since inception' };

/**
 * The dashboard (spec 2 §2.1, §2.2): two round trips (the accounts, then every figure of the
 * screen in one batch), pull to refresh on phones, read-only for an adviser with a client in
 * context.
 */
export function DashboardPage({ siteAccess, analysisPath, showAnalysisLink, assetsPath, composePath, showContactUs }: DashboardPageProps) {
  const site = useSiteConfig();
  const config = useMemo(() => dashboardConfig(site), [site]);
  const scope = useClientScope();
  const toggles = useFeatureToggles();
  const queryClient = useQueryClient();
  const [timeFrame, setTimeFrame] = useState<TimeFrame>('default');
  usePageTitle('Home');
  const portfolioAccess = siteAccess === 'Portfolio';
  const entityId = scope?.entityId ?? 0;
  const accountsQuery = useQuery({ ...dashboardAccountsQuery(entityId), enabled: scope !== null && portfolioAccess });
  const accounts = accountsQuery.data;
  const settings = useMemo(
    () => ({ entityId, overviewIsMine: config.grouping === 'Split', feesAndTaxes: config.feesAndTaxes, holdBack: config.holdBack }),
    [entityId, config],
  );
  const dataQuery = useQuery(dashboardDataQuery(accounts, settings, timeFrame));
  // Assets access: the managed-assets panel's one batch (two when a list runs past a page).
  const assetsAccess = siteAccess === 'Assets';
  const managedQuery = useQuery(managedAssetsQuery(entityId, scope !== null && assetsAccess));
  const locale = scope?.locale || site.settings.defaultLocale;
  const preferredCurrency = scope?.preferredCurrency;
  // The locale data the figures need is loaded while their answers are on the way (warm-up.ts).
  useEffect(() => (preferredCurrency === undefined ? undefined : warmUpFormats(locale, preferredCurrency)), [locale, preferredCurrency]);
  // What the answers say, as one value that changes only when they do. The screen is drawn from
  // a deferred copy of it: an answer (a TanStack Query update, which React renders at once, in
  // one go) first renders only this component, and React then draws the screen with the answer
  // as a transition, in slices with the browser free in between, instead of one long task per
  // answer on a phone (issue 13). Everything else the screen is drawn from changes seldom.
  const answers = useMemo<Answers>(
    () => ({
      accounts,
      data: dataQuery.data,
      managed: managedQuery.data,
      failed: accountsQuery.isError || dataQuery.isError,
      dataPending: dataQuery.isPending,
      managedPending: managedQuery.isPending,
      managedFailed: managedQuery.isError,
    }),
    [accounts, dataQuery.data, dataQuery.isError, dataQuery.isPending, accountsQuery.isError, managedQuery.data, managedQuery.isPending, managedQuery.isError],
  );
  const shown = useDeferredValue(answers);
  const refresh = useCallback(
    async (event: CustomEvent<RefresherEventDetail>) => {
      try {
        await queryClient.refetchQueries({ queryKey: ['dashboard'], type: 'active' });
      } finally {
        event.detail.complete();
      }
    },
    [queryClient],
  );
  if (!scope) return null;
  const heading = config.greeting === 'portfolio' ? 'Your portfolio' : `Welcome, ${greetingName(scope.person, site.settings.greetingNameFormat)}`;
  return (
    <DashboardView
      answers={shown}
      site={site}
      config={config}
      overviewIsMine={settings.overviewIsMine}
      heading={heading}
      locale={locale}
      preferredCurrency={scope.preferredCurrency}
      readOnly={scope.readOnly}
      multiCurrencyEnabled={isEnabled(toggles, 'use-multi-currency')}
      portfolioAccess={portfolioAccess}
      assetsAccess={assetsAccess}
      timeFrame={timeFrame}
      onTimeFrame={setTimeFrame}
      onRefresh={refresh}
      analysisPath={analysisPath}
      showAnalysisLink={showAnalysisLink}
      assetsPath={assetsPath}
      composePath={composePath}
      showContactUs={showContactUs}
    />
  );
}

/** The dashboard's answers, as DashboardView draws them. */
interface Answers {
  accounts: DashboardAccounts | undefined;
  data: DashboardData | undefined;
  managed: ManagedAssets | undefined;
  /** The accounts or the figures could not be fetched. */
  failed: boolean;
  dataPending: boolean;
  managedPending: boolean;
  managedFailed: boolean;
}

interface ViewProps extends Omit<DashboardPageProps, 'siteAccess'> {
  answers: Answers;
  site: SiteConfig;
  config: DashboardConfig;
  overviewIsMine: boolean;
  heading: string;
  locale: string;
  preferredCurrency: string;
  readOnly: boolean;
  multiCurrencyEnabled: boolean;
  portfolioAccess: boolean;
  assetsAccess: boolean;
  timeFrame: TimeFrame;
  onTimeFrame(frame: TimeFrame): void;
  onRefresh(event: CustomEvent<RefresherEventDetail>): void;
}

/**
 * The screen, drawn only when its answers or settings change (memo): the session's, the shell's
 * and the page's other updates leave it alone.
 */
const DashboardView = memo(function DashboardView({
  answers,
  site,
  config,
  overviewIsMine,
  heading,
  locale,
  preferredCurrency,
  readOnly,
  multiCurrencyEnabled,
  portfolioAccess,
  assetsAccess,
  timeFrame,
  onTimeFrame,
  onRefresh,
  analysisPath,
  showAnalysisLink,
  assetsPath,
  composePath,
  showContactUs,
}: ViewProps) {
  const { accounts, data, managed, failed } = answers;
  const noAccounts = accounts !== undefined && (accounts.accounts.length === 0 || !accounts.viewPortfolio);
  const overview = data?.overview?.total ?? null;
  const overviewAccounts = accounts ? (overviewIsMine ? accounts.my : accounts.accounts) : [];
  const allBlocked = overviewAccounts.length > 0 && overviewAccounts.every((a) => a.blocked);
  const hidePerformance = performanceHidden(config.profitAnalysisType, config.useHistoricData, allBlocked);
  const currency = data?.summary.reportCurrency ?? preferredCurrency;
  const multiCurrency = multiCurrencyEnabled && new Set(overviewAccounts.map((a) => a.planCurrency)).size > 1;
  const step = loadingStep(accounts !== undefined || noAccounts, data !== undefined || noAccounts || failed, true);
  const portfolioNames = new Map(accounts?.portfolios.map((p) => [p.portfolioId, p.name]) ?? []);
  const chartSeries = data
    ? data.series.filter((s) => s.series !== null).map((s) => ({ name: portfolioNames.get(s.portfolioId) ?? `Portfolio ${s.portfolioId}`, series: s.series! }))
    : null;
  const seriesFailed = data !== undefined && data.series.some((s) => s.error !== null);
  const period = data ? `${formatDate(data.summary.startDate, locale)} to ${formatDate(data.summary.endDate, locale)}` : null;

  return (
    <div className="dashboard">
      <PullToRefresh onRefresh={onRefresh} disabled={!portfolioAccess && !assetsAccess} />
      <div className="dashboard__header">
        <h1 className={config.showGreeting ? undefined : 'visually-hidden'}>{heading}</h1>
        {portfolioAccess && (
          <div className="toggle" role="group" aria-label="Time frame">
            {(Object.keys(TIME_FRAMES) as TimeFrame[]).map((frame) => (
              <button key={frame} type="button" aria-pressed={timeFrame === frame} onClick={() => onTimeFrame(frame)}>
                {TIME_FRAMES[frame]}
              </button>
            ))}
          </div>
        )}
      </div>
      {portfolioAccess && (
        <>
          {/* One slot for the progress bar and then the period, so neither moves the page. */}
          <div className="dashboard__status">
            <LoadingProgress step={step} />
            {period && (
              <p className="dashboard__period" data-period>
                {period}
              </p>
            )}
          </div>
          {failed && <Notice kind="error">{DASHBOARD_TEXTS.portfolioError}</Notice>}
          {noAccounts && !failed && <Notice kind="info">{DASHBOARD_TEXTS.noVisibleAccounts}</Notice>}
          {((overview && data) || (data === undefined && !failed && !noAccounts)) && (
            <OverviewTiles
              figures={data ? overview : null}
              currency={currency}
              locale={locale}
              profitAnalysisType={config.profitAnalysisType}
              showPerformance={!hidePerformance}
              multiCurrency={multiCurrency}
              breakdown={data?.overviewBreakdown ?? undefined}
            />
          )}
          {!noAccounts && (
            <PerformanceChart
              series={chartSeries}
              loading={!failed && (accounts === undefined || answers.dataPending)}
              hidden={failed || allBlocked || seriesFailed}
              performanceAllowed={!hidePerformance}
              initialType={config.chartType}
              currency={currency}
              locale={locale}
              branding={site.branding}
              analysisPath={showAnalysisLink ? analysisPath : null}
            />
          )}
          {!failed && (
            <AccountSummary
              accounts={noAccounts && accounts ? { ...accounts, accounts: [], my: [], linked: [], groups: [] } : accounts}
              summary={noAccounts ? emptySummary(currency) : data?.summary}
              grouping={config.grouping}
              mode={config.accountSummaryMode}
              radial={config.showRadialPercentage}
              heading={config.texts.accountSummaryHeading}
              showPerformance={!hidePerformance}
              locale={locale}
              analysisPath={analysisPath}
              persistFilters={getWindowSettings().persistFilters}
            />
          )}
        </>
      )}
      {assetsAccess ? (
        <AssetsSummary
          heading={config.texts.assetsHeading}
          linkText={config.texts.assetsLinkText}
          linkPath={assetsPath}
          items={managed?.items ?? null}
          totals={managed?.totals ?? null}
          loading={answers.managedPending}
          failed={answers.managedFailed}
          fallback={config.texts.noManagedAssets}
          note={config.texts.untrackedAssetsNote}
          locale={locale}
        />
      ) : (
        <AssetsSummary
          heading={config.texts.assetsHeading}
          linkText={config.texts.assetsLinkText}
          linkPath={assetsPath}
          items={portfolioAccess ? (data?.holdings ?? null) : null}
          loading={portfolioAccess && !noAccounts && !failed && data === undefined}
          fallback={config.texts.noManagedAssets}
          note={config.texts.untrackedAssetsNote}
          locale={locale}
        />
      )}
      <ValuationBasis
        html={config.texts.valuationBasis}
        pricingType={accounts?.pricingType ?? 'close'}
        currency={currency}
        endDate={data ? formatDate(data.summary.endDate, locale) : null}
        holdBack={config.holdBack}
      />
      {showContactUs && <ContactUs html={config.texts.contactUs} composePath={readOnly ? null : composePath} />}
    </div>
  );
});

/** Spec 2 §9: D MMM YYYY in the user's locale. */
function formatDate(iso: string, locale: string): string {
  return dayjs(iso).locale(dateLocale(locale)).format('D MMM YYYY');
}

function emptySummary(currency: string) {
  return { startDate: '', endDate: '', reportCurrency: currency, total: null, portfolios: [], accounts: [], message: null };
}
