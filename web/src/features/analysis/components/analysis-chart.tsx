import { useMemo, useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { CHART_HEIGHT, ChartSkeleton, LazyLineChart, chartPalette, type ChartPoint, type LineChartData } from '../../../shared/charts';
import { sumSeriesValues } from '../../portfolio/api/time-series';
import type { AnalysisSeries } from '../api/analysis-series';
import type { Benchmark } from '../api/benchmarks';
import { ANALYSIS_TEXTS } from '../analysis-texts';
import type { ChartTab } from '../analysis-rules';

interface Props {
  tab: ChartTab;
  onTab(tab: ChartTab): void;
  percentageAllowed: boolean;
  data: AnalysisSeries | undefined;
  loading: boolean;
  failed: boolean;
  benchmarks: Benchmark[];
  benchmark: string | null;
  onBenchmark(name: string | null): void;
  /** The 'Show in' toggle: shown when the selection has one plan currency other than the preferred one. */
  currencies: { original: string; preferred: string } | null;
  currencyView: 'plan' | 'session';
  onCurrencyView(view: 'plan' | 'session'): void;
  /** Spec 2 §2.3: the market-data-logo flag's footer. */
  marketData: { name: string; logo: string | null; url: string | null } | null;
  brandColours: string[];
  locale: string;
  /** Spec 2 §7: the Value tab's cash-flow columns, unless the site hides them. */
  cashflow?: boolean;
}

const NO_BENCHMARK = '';

/**
 * The analysis chart area (spec 2 §2.3, §9): Percentage (cumulative TWRR, with the chosen
 * benchmark dashed beside it) and Value tabs, switched by tab, arrow keys or a swipe; 300 px
 * high, zoomable along x with a hint; 'Show in' original or preferred currency.
 */
export function AnalysisChart(props: Props) {
  const { tab, onTab, percentageAllowed, data, loading, failed, benchmarks, benchmark, onBenchmark, currencies, currencyView, onCurrencyView, marketData, brandColours, locale, cashflow = false } = props;
  const colours = useMemo(() => chartPalette(brandColours), [brandColours]);
  const shown: ChartTab = percentageAllowed ? tab : 'value';
  const tabs: ChartTab[] = percentageAllowed ? ['percentage', 'value'] : ['value'];
  const touchX = useRef<number | null>(null);
  const chart = useMemo<LineChartData | null>(() => chartData(shown, data, locale, cashflow), [shown, data, locale, cashflow]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tabs[(tabs.indexOf(shown) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    onTab(next);
    document.getElementById(`analysis-chart-tab-${next}`)?.focus();
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < 60 || tabs.length < 2) return;
    onTab(end < start ? 'value' : 'percentage');
  };

  const message = failed ? ANALYSIS_TEXTS.portfolioError : (data?.error ?? null);
  const empty = !loading && !message && (!chart || chart.series.every((s) => s.columns || s.points.every((p) => p.value === null)));
  return (
    <section className="card analysis-chart" aria-labelledby="analysis-chart-heading">
      <h2 id="analysis-chart-heading" className="visually-hidden">
        Performance chart
      </h2>
      <div className="analysis-chart__bar">
        <div role="tablist" aria-label="Chart" className="analysis-chart__tabs">
          {tabs.map((key) => (
            <button
              key={key}
              id={`analysis-chart-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={shown === key}
              aria-controls="analysis-chart-panel"
              tabIndex={shown === key ? 0 : -1}
              onClick={() => onTab(key)}
              onKeyDown={onKeyDown}
            >
              {key === 'percentage' ? ANALYSIS_TEXTS.percentage : ANALYSIS_TEXTS.value}
            </button>
          ))}
        </div>
        {shown === 'percentage' && benchmarks.length > 1 && (
          <label className="analysis-chart__benchmark">
            Benchmark
            <select value={benchmark ?? NO_BENCHMARK} onChange={(event) => onBenchmark(event.target.value || null)}>
              <option value={NO_BENCHMARK}>None</option>
              {benchmarks.map((b) => (
                <option key={b.id} value={b.name}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {currencies && (
          <div className="toggle analysis-chart__currency" role="group" aria-label={ANALYSIS_TEXTS.showIn}>
            <span aria-hidden="true">{ANALYSIS_TEXTS.showIn}</span>
            <button type="button" aria-pressed={currencyView === 'plan'} onClick={() => onCurrencyView('plan')}>
              {ANALYSIS_TEXTS.originalCurrency}
            </button>
            <button type="button" aria-pressed={currencyView === 'session'} onClick={() => onCurrencyView('session')}>
              {currencies.preferred}
            </button>
          </div>
        )}
      </div>
      <div
        id="analysis-chart-panel"
        role="tabpanel"
        aria-labelledby={`analysis-chart-tab-${shown}`}
        className="analysis-chart__panel"
        onTouchStart={(event) => (touchX.current = event.touches[0]?.clientX ?? null)}
        onTouchEnd={onTouchEnd}
      >
        <p className="analysis-chart__hint">{ANALYSIS_TEXTS.zoomHint}</p>
        {loading ? (
          <ChartSkeleton height={CHART_HEIGHT.analysis} label="Loading chart" />
        ) : message ? (
          <p className="analysis-chart__empty" style={{ minHeight: CHART_HEIGHT.analysis }}>
            {message}
          </p>
        ) : empty || !chart ? (
          <p className="analysis-chart__empty" style={{ minHeight: CHART_HEIGHT.analysis }}>
            {data?.series.some((s) => s.series.message) ? ANALYSIS_TEXTS.noDataForSelection : ANALYSIS_TEXTS.noData}
          </p>
        ) : (
          <LazyLineChart data={chart} colours={colours} height={CHART_HEIGHT.analysis} area={shown === 'value'} zoom />
        )}
      </div>
      {marketData && (
        <p className="analysis-chart__market-data">
          {ANALYSIS_TEXTS.marketData}{' '}
          {marketData.url ? <a href={marketData.url}>{marketData.logo ? <img src={marketData.logo} alt={marketData.name} height={20} /> : marketData.name}</a> : marketData.logo ? <img src={marketData.logo} alt={marketData.name} height={20} /> : marketData.name}
        </p>
      )}
    </section>
  );
}

/** The Value tab's cash-flow columns (spec 2 §7). */
export const CASHFLOW_SERIES_NAME = 'Net contributions and withdrawals';

/**
 * The scopes' net flows summed onto the value line's dates: each flow counts on the first of
 * those dates on or after its own, so a flow of a date the sum leaves out (one scope had no
 * point there) lands in the next period rather than being lost. Summed in pence.
 */
export function flowsOnDates(series: readonly { flows: readonly ChartPoint[] }[], dates: readonly string[]): ChartPoint[] {
  const cents = dates.map(() => 0);
  for (const s of series) {
    for (const flow of s.flows) {
      if (flow.value === null) continue;
      const index = dates.findIndex((date) => date >= flow.date);
      if (index >= 0) cents[index]! += Math.round(flow.value * 100);
    }
  }
  return dates.map((date, index) => ({ date, value: cents[index]! / 100 }));
}

/**
 * The chart's data for a tab: each scope's TWRR and the benchmark, or the summed value with,
 * unless the site hides them, the net flows of each period as columns under it.
 */
export function chartData(tab: ChartTab, data: AnalysisSeries | undefined, locale: string, cashflow = false): LineChartData | null {
  if (!data || data.series.length === 0) return null;
  const currency = data.series[0]!.series.currency;
  if (tab === 'value') {
    const value = sumSeriesValues(data.series.map((s) => s.series));
    const series: LineChartData['series'] = [{ name: 'Total value', points: value }];
    if (cashflow && value.length > 0) {
      series.push({ name: CASHFLOW_SERIES_NAME, points: flowsOnDates(data.series, value.map((p) => p.date)), columns: true });
    }
    return {
      title: 'Value',
      description: cashflow
        ? 'The total value of the selection at each date, with the money paid in less the money taken out in each period as columns.'
        : 'The total value of the selection at each date.',
      series,
      values: { kind: 'money', currency },
      locale,
    };
  }
  const series: LineChartData['series'] = data.series.map((s) => ({ name: s.name || 'Performance', points: s.series.points.map((p) => ({ date: p.date, value: p.twrr })) }));
  if (data.benchmark) series.push({ name: data.benchmark.name, points: data.benchmark.points, comparison: true });
  return {
    title: 'Percentage',
    description: 'The cumulative time-weighted return since the start of the period, in percent.',
    series,
    values: { kind: 'percent' },
    locale,
  };
}
