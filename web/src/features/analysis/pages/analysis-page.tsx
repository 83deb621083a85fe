import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type LazyExoticComponent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useClientCapabilities } from '../../../shared/api/client-capabilities';
import { useFeatureToggles } from '../../../shared/api/feature-toggles';
import { isEnabled } from '../../../shared/config/feature-toggles';
import { chartColours } from '../../../shared/config/site-config';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { getWindowSettings } from '../../../shared/config/window-settings';
import { lazyChunk } from '../../../shared/lazy/lazy-chunk';
import { useClientScope } from '../../../shared/session/client-scope';
import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { isApiError } from '../../../shared/http';
import { localToday } from '../../../shared/format/iso-dates';
import { earliestInception } from '../../portfolio/api/dashboard-data';
import type { ProfitAnalysis } from '../../portfolio/api/profit-analysis';
import type { ProfitBreakdownParams } from '../../portfolio/api/profit-breakdown';
import { readAccountFilter, writeAccountFilter } from '../account-filter-store';
import { accountsTables } from '../accounts-rows';
import type { AnalysisSelection, AnalysisTabProps } from '../analysis-selection';
import { chartTabAfterSelection, initialChartTab, initialCurrencyView, percentageAllowed, tabAfterChange, tabLabel, visibleTabs, type AnalysisTabKey, type ChartTab } from '../analysis-rules';
import { analysisConfig } from '../analysis-settings';
import { ANALYSIS_TEXTS } from '../analysis-texts';
import { figuresQuery } from '../api/analysis-figures';
import { seriesQuery } from '../api/analysis-series';
import { benchmarksQuery } from '../api/benchmarks';
import { AnalysisChart } from '../components/analysis-chart';
import { DateRangeFilter } from '../components/date-range-filter';
import { PerformanceCard } from '../components/performance-card';
import { dateMessages, dateOptions, DEFAULT_DATE_FILTER, lastDataDay, resolveRange, type DateFilter } from '../date-range';
import { useAnalysisAccounts } from '../use-analysis-accounts';
import { accountsOf, backTarget, breadcrumb, filterOf, headingOf, levelFromSearch, levelOfFilter, searchOf, TOP, type Level } from '../drill-down';
import type { AccountsTabProps } from '../tabs/accounts-tab';
import '../../portfolio/dashboard.css';
import '../analysis.css';

const AccountsTab = lazyChunk(() => import('../tabs/accounts-tab'));
const OTHER_TABS: Record<Exclude<AnalysisTabKey, 'accounts'>, LazyExoticComponent<ComponentType<AnalysisTabProps>>> = {
  investments: lazyChunk(() => import('../tabs/investments-tab')),
  allocation: lazyChunk(() => import('../tabs/allocation-tab')),
  transactions: lazyChunk(() => import('../tabs/transactions-tab')),
  instructions: lazyChunk(() => import('../tabs/instructions-tab')),
  payment: lazyChunk(() => import('../tabs/payment-tab')),
};

/**
 * The analysis page (spec 2 §2.3, §2.4) at /clients/analysis: the drill-down in the address
 * (browser back steps up), the date range, the performance card, the chart area and the lazy
 * tabs. The same page, read-only, for an adviser with the client in context.
 */
export default function AnalysisPage() {
  const site = useSiteConfig();
  const config = useMemo(() => analysisConfig(site), [site]);
  const scope = useClientScope();
  const toggles = useFeatureToggles();
  const location = useLocation();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY);
  usePageTitle('Analysis');
  const [today] = useState(() => localToday(new Date()));
  const [dateFilter, setDateFilter] = useState<DateFilter>(DEFAULT_DATE_FILTER);
  const [chosenCurrencyView, setCurrencyView] = useState<'plan' | 'session' | null>(null);
  const [chosenBenchmark, setBenchmark] = useState<string | null | undefined>(undefined);
  const [chosenChartTab, setChartTab] = useState<ChartTab | null>(null);
  const [chosenTab, setTab] = useState<AnalysisTabKey | null>(null);
  const persist = getWindowSettings().persistFilters;
  const homePath = `/${site.settings.clientBaseSegment}/${site.settings.clientSegments.home}`;

  const entityId = scope?.entityId ?? 0;
  const accountsQuery = useAnalysisAccounts(entityId, scope !== null, config.showAccountsWithoutTransactions);
  const accounts = accountsQuery.data;
  const level: Level = accounts ? levelFromSearch(location.search, accounts) : TOP;
  const levelKey = searchOf(level);

  // The dashboard's stored filter opens its level once; afterwards the address leads and the
  // stored filter follows it (spec 2 §2.2 persistence).
  const restored = useRef(false);
  useEffect(() => {
    if (!accounts) return;
    if (!restored.current) {
      restored.current = true;
      const stored = persist && location.search === '' ? readAccountFilter() : null;
      const storedLevel = stored ? levelOfFilter(stored, accounts) : TOP;
      if (storedLevel.kind !== 'all') {
        navigate({ search: searchOf(storedLevel) }, { replace: true });
        return;
      }
    }
    if (persist) writeAccountFilter(filterOf(level, accounts, config.grouping));
    // The level is named by levelKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accounts, levelKey]);

  const selected = useMemo(() => (accounts ? accountsOf(level, accounts) : []), [accounts, levelKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const inception = earliestInception(selected);
  const range = resolveRange(dateFilter, { today, holdBack: config.holdBack, inception, region: scope?.region ?? 'GB' });
  const blocked = selected.length > 0 && selected.every((a) => a.blocked);
  const chartContext = { profitAnalysisType: config.profitAnalysisType, blocked, useHistoricData: config.useHistoricData, hasFilter: level.kind !== 'all' };
  const canPercentage = percentageAllowed(chartContext);

  // Spec 2 §2.3: the chart tab follows the selection's changes (chartTabAfterSelection).
  const [seenLevel, setSeenLevel] = useState(levelKey);
  if (seenLevel !== levelKey) {
    setSeenLevel(levelKey);
    setChartTab((tab) => (tab === null ? null : chartTabAfterSelection(tab, chartContext)));
  }
  const chartTab = chosenChartTab ?? initialChartTab(chartContext);

  const reportCurrency = scope?.preferredCurrency || 'GBP';
  const multiCurrency = (isEnabled(toggles, 'multi-currency') || isEnabled(toggles, 'use-multi-currency')) && new Set(accounts?.accounts.map((a) => a.planCurrency)).size > 1;
  const currencyView = chosenCurrencyView ?? initialCurrencyView(multiCurrency, level.kind === 'group');
  const planCurrencies = [...new Set(selected.map((a) => a.planCurrency).filter(Boolean))];
  const singlePlan = planCurrencies.length === 1 ? planCurrencies[0]! : null;
  const currency = currencyView === 'plan' && singlePlan ? singlePlan : reportCurrency;
  const pricingType = accounts?.pricingType ?? 'close';
  const ready = scope !== null && accounts !== undefined && selected.length > 0;
  const common = { entityId, startDate: range.startDate, endDate: range.endDate, feesAndTaxes: config.feesAndTaxes, holdBack: config.holdBack, pricingType };

  const figures = useQuery(
    figuresQuery(
      ready ? { ...common, accounts: selected, groups: level.kind === 'all' && config.grouping === 'AccountGroup' ? accounts.groups : [], currency, currencyView } : null,
    ),
  );
  const benchmarks = useQuery({ ...benchmarksQuery(), enabled: ready && canPercentage });
  const benchmarkList = benchmarks.data ?? [];
  const benchmark = chosenBenchmark === undefined ? (benchmarkList[0]?.name ?? null) : chosenBenchmark;
  const benchmarksSettled = !canPercentage || benchmarks.isSuccess || benchmarks.isError;
  const series = useQuery(seriesQuery(ready && benchmarksSettled ? { ...common, level, accounts: selected, benchmarkName: canPercentage ? benchmark : null, currency } : null));

  const single = level.kind === 'account';
  const clientAnalysis = isEnabled(toggles, 'use-client-analysis');
  const capabilities = useClientCapabilities(single && clientAnalysis && scope ? entityId : null);
  const tabs = visibleTabs({
    singleAccount: single,
    sections: config.sections,
    allocation: config.allocation,
    clientAnalysis,
    targetSets: capabilities.data?.modelling_by_target_sets === true,
  });
  const openTab = tabAfterChange(chosenTab, tabs, config.investmentsDefault, single);

  if (!scope) return null;
  const locale = scope.locale || site.settings.defaultLocale;
  if (accountsQuery.isError) return <Frame heading={headingOf(TOP, { portfolios: [], accounts: [], my: [], linked: [], groups: [], pricingType, viewPortfolio: true }, config.grouping)} error={ANALYSIS_TEXTS.portfolioError} />;
  if (!accounts) return <InlineLoading label="Loading accounts" />;
  if (accounts.accounts.length === 0 || !accounts.viewPortfolio) return <Frame heading={headingOf(TOP, accounts, config.grouping)} info={ANALYSIS_TEXTS.noAccounts} />;

  const heading = headingOf(level, accounts, config.grouping);
  const crumbs = breadcrumb(level, accounts, config.grouping);
  const open = (next: Level) => navigate({ search: searchOf(next) });
  const back = () => {
    const target = backTarget((window.history.state as { idx?: number } | null)?.idx, homePath);
    if (target === -1) navigate(-1);
    else navigate(target);
  };
  const figuresError = figures.error;
  const figuresMessage = figuresError ? (isApiError(figuresError) && figuresError.status >= 400 && figuresError.status < 500 && figuresError.user_message) || ANALYSIS_TEXTS.portfolioError : null;
  const selection: AnalysisSelection = {
    entityId,
    accountIds: selected.map((a) => a.accountId),
    portfolioId: level.kind === 'portfolio' ? level.portfolioId : single ? (selected[0]?.portfolioId ?? null) : null,
    groupCode: level.kind === 'group' ? level.code : null,
    singleAccountId: single ? level.accountId : null,
    heading,
    startDate: range.startDate,
    endDate: range.endDate,
    currencyView,
    reportCurrency,
    pricingType,
    feesAndTaxes: config.feesAndTaxes,
    readOnly: scope.readOnly,
  };
  const tables = figures.data ? accountsTables(level, selected, accounts, figures.data, config.grouping, config.profitAnalysisType, currencyView) : null;
  const accountsProps: AccountsTabProps = {
    selection,
    tables,
    failed: figures.isError,
    showPerformance: config.profitAnalysisType !== 'none',
    convertible: selected.some((a) => a.planCurrency && a.planCurrency !== reportCurrency),
    onCurrencyView: setCurrencyView,
    onOpen: open,
    locale,
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.indexOf(openTab!);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    setTab(next);
    document.getElementById(`analysis-tab-${next}`)?.focus();
  };
  const Tab = openTab && openTab !== 'accounts' ? OTHER_TABS[openTab] : null;
  // The card's figures come from the selection's own call (not a group's): explain that call,
  // over the dates the platform answered for.
  const breakdownOf = (main: ProfitAnalysis | undefined): ProfitBreakdownParams | undefined =>
    main ? { ...common, accountIds: selection.accountIds, reportCurrency: currency, startDate: main.startDate, endDate: main.endDate } : undefined;

  return (
    <div className="dashboard analysis">
      {phone && persist && (
        <p className="analysis__back">
          <button type="button" className="link-button" onClick={back}>
            <span aria-hidden="true">← </span>Back
          </button>
        </p>
      )}
      {crumbs.length > 1 && (
        <nav aria-label="Breadcrumb" className="analysis__breadcrumb">
          <ol>
            {crumbs.map((crumb, index) =>
              index === crumbs.length - 1 ? (
                <li key={searchOf(crumb.level)} aria-current="page">
                  {crumb.label}
                </li>
              ) : (
                <li key={searchOf(crumb.level)}>
                  <Link to={{ search: searchOf(crumb.level) }}>{crumb.label}</Link>
                </li>
              ),
            )}
          </ol>
        </nav>
      )}
      <div className="dashboard__header analysis__header">
        <h1>{heading}</h1>
        <DateRangeFilter
          filter={dateFilter}
          range={range}
          options={dateOptions(config.dateOptionList, config.disabledDateOptions)}
          minDate={inception}
          maxDate={lastDataDay(today, config.holdBack)}
          messages={dateMessages(config.dateMessages, { invalidFormat: config.invalidDateFormat, endBeforeStart: config.endBeforeStart })}
          messageSet={config.dateMessages}
          locale={locale}
          onApply={setDateFilter}
        />
      </div>
      {figuresMessage ? (
        <Notice kind="error">{figuresMessage}</Notice>
      ) : (
        <PerformanceCard
          figures={figures.data?.main.total ?? null}
          profitAnalysisType={config.profitAnalysisType}
          performanceShown={!blocked}
          locale={locale}
          breakdown={breakdownOf(figures.data?.main)}
          headings={config.headings}
        />
      )}
      <AnalysisChart
        tab={chartTab}
        onTab={setChartTab}
        percentageAllowed={canPercentage}
        data={series.data}
        loading={series.isPending}
        failed={series.isError}
        benchmarks={benchmarkList}
        benchmark={benchmark}
        onBenchmark={setBenchmark}
        currencies={singlePlan && singlePlan !== reportCurrency ? { original: singlePlan, preferred: reportCurrency } : null}
        currencyView={currencyView}
        onCurrencyView={setCurrencyView}
        marketData={isEnabled(toggles, 'use-market-data-logo') ? config.marketDataProvider : null}
        brandColours={chartColours(site.branding)}
        locale={locale}
        cashflow={config.showCashflow}
      />
      {tabs.length > 0 && openTab && (
        <section className="analysis-tabs" aria-label="Analysis">
          <div role="tablist" aria-label="Analysis" className="analysis-tabs__list">
            {tabs.map((key) => (
              <button
                key={key}
                id={`analysis-tab-${key}`}
                type="button"
                role="tab"
                aria-selected={openTab === key}
                aria-controls="analysis-tab-panel"
                tabIndex={openTab === key ? 0 : -1}
                onClick={() => setTab(key)}
                onKeyDown={onTabKey}
              >
                {tabLabel(key, config.headings)}
              </button>
            ))}
          </div>
          <div id="analysis-tab-panel" role="tabpanel" aria-labelledby={`analysis-tab-${openTab}`} className="analysis-tabs__panel">
            <Suspense fallback={<InlineLoading label="Loading" />}>{openTab === 'accounts' ? <AccountsTab {...accountsProps} /> : Tab && <Tab selection={selection} />}</Suspense>
          </div>
        </section>
      )}
    </div>
  );
}

function Frame({ heading, error, info }: { heading: string; error?: string; info?: string }) {
  return (
    <div className="dashboard analysis">
      <div className="dashboard__header analysis__header">
        <h1>{heading}</h1>
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      {info && <Notice kind="info">{info}</Notice>}
    </div>
  );
}
