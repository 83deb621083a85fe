import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CHART_HEIGHT, ChartSkeleton, LazyLineChart, chartPalette, type LineChartData } from '../../../shared/charts';
import { chartColours, type SiteBranding } from '../../../shared/config/site-config';
import { sumSeriesValues, type TimeSeries } from '../api/time-series';
import { DASHBOARD_TEXTS } from '../dashboard-settings';

export type ChartType = 'value' | 'performance';

interface Props {
  series: { name: string; series: TimeSeries }[] | null;
  loading: boolean;
  /** Blocked accounts or a portfolio error: no chart at all (spec 2 §2.1). */
  hidden: boolean;
  /** Whether the performance type may be chosen (not when the performance figure is hidden). */
  performanceAllowed: boolean;
  initialType: ChartType;
  currency: string;
  locale: string;
  branding: SiteBranding;
  analysisPath: string | null;
}

/**
 * The dashboard's performance chart (spec 2 §2.1): 400 px, the value of the overview's accounts
 * (their portfolios summed) or each portfolio's cumulative TWRR; a skeleton while fetching.
 */
export function PerformanceChart({ series, loading, hidden, performanceAllowed, initialType, currency, locale, branding, analysisPath }: Props) {
  const [chosen, setChosen] = useState<ChartType>(initialType);
  const type: ChartType = performanceAllowed ? chosen : 'value';
  const colours = useMemo(() => chartPalette(chartColours(branding)), [branding]);
  const data = useMemo<LineChartData | null>(() => {
    if (!series || series.length === 0) return null;
    if (type === 'value') {
      return {
        title: 'Value of your portfolio',
        description: 'The total value of your accounts at each date.',
        series: [{ name: 'Total value', points: sumSeriesValues(series.map((s) => s.series)) }],
        values: { kind: 'money', currency },
        locale,
      };
    }
    return {
      title: 'Performance of your portfolios',
      description: 'The cumulative time-weighted return of each portfolio since the start of the period, in percent.',
      series: series.map((s) => ({ name: s.name, points: s.series.points.map((p) => ({ date: p.date, value: p.twrr })) })),
      values: { kind: 'percent' },
      locale,
    };
  }, [series, type, currency, locale]);
  if (hidden) return null;
  const empty = !loading && (!data || data.series.every((s) => s.points.length === 0));
  return (
    <section className="card performance-chart" aria-labelledby="performance-chart-heading">
      <div className="card__header">
        <h2 id="performance-chart-heading">{type === 'value' ? 'Portfolio value' : 'Portfolio performance'}</h2>
        {performanceAllowed && (
          <div className="toggle" role="group" aria-label="Chart type">
            <button type="button" aria-pressed={type === 'value'} onClick={() => setChosen('value')}>
              Value
            </button>
            <button type="button" aria-pressed={type === 'performance'} onClick={() => setChosen('performance')}>
              Performance
            </button>
          </div>
        )}
      </div>
      {loading || !series ? (
        <ChartSkeleton height={CHART_HEIGHT.dashboard} label="Loading chart" withTable />
      ) : empty ? (
        <p className="performance-chart__empty">No data available</p>
      ) : (
        <LazyLineChart data={data!} colours={colours} height={CHART_HEIGHT.dashboard} area={type === 'value'} />
      )}
      {analysisPath && (
        <p className="card__footer">
          <Link to={analysisPath}>{DASHBOARD_TEXTS.viewAnalysis}</Link>
        </p>
      )}
    </section>
  );
}
