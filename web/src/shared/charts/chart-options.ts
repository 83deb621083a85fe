import type { Options, SeriesAreaOptions, SeriesColumnOptions, SeriesLineOptions, YAxisOptions } from 'highcharts';
import { dateLocale, dayjs } from '../format/dates';
import { DECIMALS, formatMoney, formatPercent } from '../format/numbers';
import { SMALL_CHART_MAX_WIDTH, type ChartValueKind, type LineChartData } from './chart-types';

/**
 * Spec 2 §9's chart constants: line width 2, area fill opacity 0.1, markers hidden, no
 * smoothing (straight lines, never a spline), a 2-day minimum x range, nine default colours.
 */
export const CHART_STYLE = { lineWidth: 2, fillOpacity: 0.1, minRangeDays: 2, columnsHeightPercent: 30 } as const;

const DAY_MS = 86_400_000;

/** Nine default colours (spec 2 §9), used where the branding names fewer. */
export const DEFAULT_CHART_COLOURS = ['#0b3954', '#1d6f6a', '#c8963e', '#5b7c99', '#8e5572', '#3f8f5a', '#b0413e', '#6c6f7d', '#d9b26f'];

/** The branding's colours first (chartColour1, 2, ...), then the defaults to make nine. */
export function chartPalette(branding: readonly string[]): string[] {
  const palette = [...branding];
  for (const colour of DEFAULT_CHART_COLOURS) {
    if (palette.length >= DEFAULT_CHART_COLOURS.length) break;
    if (!palette.includes(colour)) palette.push(colour);
  }
  return palette;
}

/** A value as the chart's axis, tooltip and table show it. */
export function formatChartValue(value: number, values: ChartValueKind, locale: string, decimals?: number): string {
  return values.kind === 'money'
    ? formatMoney(value, values.currency, locale, decimals ?? DECIMALS.money)
    : formatPercent(value, locale, decimals ?? DECIMALS.percent);
}

/** An ISO date as the chart shows it: D MMM YYYY (spec 2 §9, general dates) in the user's locale. */
export function formatChartDate(date: string | number, locale: string): string {
  return dayjs.utc(date).locale(dateLocale(locale)).format('D MMM YYYY');
}

const utcMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

interface Theme {
  colours: string[];
  height: number;
  /** Area (filled) or plain line. */
  area: boolean;
  /** Click and drag along x to zoom in (spec 2 §2.3), never narrower than CHART_STYLE.minRangeDays. */
  zoom?: boolean;
  textColour?: string;
}

/**
 * The Highcharts options of a line chart: the spec's sizes and styles, branding colours, the
 * accessibility module's keyboard navigation, formats of the user's locale. Everything is set
 * as options (Highcharts writes them through the DOM), so nothing needs an inline script.
 */
export function lineChartOptions(data: LineChartData, theme: Theme): Options {
  const { values, locale } = data;
  const type = theme.area ? 'area' : 'line';
  const series = data.series.map(
    (s) =>
      ({
        type: s.columns ? 'column' : s.comparison ? 'line' : type,
        name: s.name,
        data: s.points.map((p) => [utcMs(p.date), p.value]),
        // Columns sit under the lines (and under an area's fill), on their own axis.
        zIndex: s.columns ? 0 : 1,
        ...(s.columns ? { yAxis: 1 } : {}),
        ...(s.comparison ? { dashStyle: 'ShortDash' } : {}),
      }) as SeriesLineOptions | SeriesAreaOptions | SeriesColumnOptions,
  );
  const valueAxis: YAxisOptions = {
    title: { text: undefined },
    labels: { formatter: (ctx) => formatChartValue(Number(ctx.value), values, locale, 0) },
  };
  // Amounts per period are a small fraction of a value: on the value's scale they would not
  // show. They get the lower part of the plot and a scale of their own, labelled on the right.
  const columnsAxis: YAxisOptions = {
    ...valueAxis,
    opposite: true,
    top: `${100 - CHART_STYLE.columnsHeightPercent}%`,
    height: `${CHART_STYLE.columnsHeightPercent}%`,
    offset: 0,
    gridLineWidth: 0,
    tickAmount: 3,
  };
  return {
    chart: {
      type,
      height: theme.height,
      animation: false,
      spacingLeft: 4,
      spacingRight: 8,
      style: { fontFamily: 'inherit' },
      ...(theme.zoom ? { zooming: { type: 'x' as const } } : {}),
    },
    colors: theme.colours,
    title: { text: undefined },
    credits: { enabled: false },
    exporting: { enabled: false },
    legend: { enabled: series.length > 1 },
    time: { timezone: 'UTC' },
    xAxis: {
      type: 'datetime',
      minRange: CHART_STYLE.minRangeDays * DAY_MS,
      labels: { formatter: (ctx) => dayjs.utc(Number(ctx.value)).locale(dateLocale(locale)).format('MMM YYYY') },
    },
    yAxis: data.series.some((s) => s.columns) ? [valueAxis, columnsAxis] : valueAxis,
    tooltip: {
      shared: true,
      formatter() {
        const lines = (this.points ?? []).map((p) => `${p.series.name}: <b>${formatChartValue(Number(p.y), values, locale)}</b>`);
        return [formatChartDate(Number(this.x), locale), ...lines].join('<br/>');
      },
    },
    plotOptions: {
      series: {
        lineWidth: CHART_STYLE.lineWidth,
        marker: { enabled: false },
        animation: false,
        states: { hover: { lineWidthPlus: 1 } },
      },
      area: { fillOpacity: CHART_STYLE.fillOpacity, lineWidth: CHART_STYLE.lineWidth },
      line: { lineWidth: CHART_STYLE.lineWidth },
      column: { borderWidth: 0, groupPadding: 0.1, pointPadding: 0 },
    },
    series,
    lang: { accessibility: { defaultChartTitle: data.title } },
    accessibility: {
      enabled: true,
      description: data.description,
      // No heading of its own: the card's heading names the chart, and a generated h6 would
      // break the page's heading order.
      screenReaderSection: {
        beforeChartFormat: '<div>{chartTitle}</div><div>{typeDescription}</div><div>{chartLongdesc}</div><div>{xAxisDescription}</div><div>{yAxisDescription}</div>',
      },
      keyboardNavigation: { enabled: true },
      point: {
        dateFormatter: (point) => formatChartDate(Number(point.x), locale),
        valueDescriptionFormat: '{xDescription}: {value}',
        descriptionFormatter: (point) => `${formatChartDate(Number(point.x), locale)}, ${point.series.name}: ${formatChartValue(Number(point.y), values, locale)}`,
      },
    },
    responsive: {
      rules: [
        {
          condition: { maxWidth: SMALL_CHART_MAX_WIDTH },
          chartOptions: { legend: { enabled: series.length > 1, itemStyle: { fontSize: '0.75rem' } }, yAxis: { labels: { style: { fontSize: '0.6875rem' } } } },
        },
      ],
    },
  };
}

