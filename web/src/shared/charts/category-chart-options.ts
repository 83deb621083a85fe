import type { Options, PointOptionsObject } from 'highcharts';
import { SMALL_CHART_MAX_WIDTH, type ChartValueKind } from './chart-types';
import { formatChartValue } from './chart-options';
import { formatPercent } from '../format/numbers';

/** What a feature hands a pie or column chart: named amounts, never Highcharts options (STYLE.md rule 9). */
export interface CategoryChartData {
  /** The chart's accessible name (also the data table's caption). */
  title: string;
  /** One sentence for screen readers: what the chart shows. */
  description: string;
  /** The name of the category column in the data table (Asset class, Sector ...). */
  categoryLabel: string;
  points: { name: string; value: number }[];
  values: ChartValueKind;
  /** The user's locale (en-gb, fr-ca ...), for numbers. */
  locale: string;
}

/** Spec 2 §9: a pie is at most 600 px wide. */
export const PIE_MAX_WIDTH = 600;

interface Theme {
  colours: string[];
  height: number;
}

/** Each point's share of the whole in percent (0 when the whole is not positive). */
export function pointShares(data: CategoryChartData): number[] {
  const total = data.points.reduce((sum, p) => sum + Math.max(0, p.value), 0);
  return data.points.map((p) => (total > 0 ? (Math.max(0, p.value) / total) * 100 : 0));
}

function common(data: CategoryChartData, theme: Theme, type: 'pie' | 'column'): Options {
  return {
    chart: { type, height: theme.height, animation: false, spacingLeft: 4, spacingRight: 8, style: { fontFamily: 'inherit' } },
    colors: theme.colours,
    title: { text: undefined },
    credits: { enabled: false },
    exporting: { enabled: false },
    lang: { accessibility: { defaultChartTitle: data.title } },
    accessibility: {
      enabled: true,
      description: data.description,
      // No heading of its own: the panel's heading names the chart (heading order).
      screenReaderSection: { beforeChartFormat: '<div>{chartTitle}</div><div>{typeDescription}</div><div>{chartLongdesc}</div>' },
      keyboardNavigation: { enabled: true },
    },
  };
}

/**
 * A pie of named amounts (spec 2 §2.3: asset class and geography): the branding colours, no
 * animation, the legend instead of data labels (labels do not fit a 390 px phone), keyboard
 * navigation of the slices, each announced with its amount and share.
 */
export function pieChartOptions(data: CategoryChartData, theme: Theme): Options {
  const shares = pointShares(data);
  const describe = (i: number) => `${data.points[i]!.name}: ${formatChartValue(data.points[i]!.value, data.values, data.locale)} (${formatPercent(shares[i]!, data.locale)})`;
  const points: PointOptionsObject[] = data.points.map((p, i) => ({ name: p.name, y: p.value, accessibility: { description: describe(i) } }));
  const base = common(data, theme, 'pie');
  return {
    ...base,
    // Beside the pie, one entry a line: nine regions fit in 300 px without paging, also on a phone.
    legend: { enabled: true, layout: 'vertical', align: 'right', verticalAlign: 'middle', itemWidth: 150, itemStyle: { fontSize: '0.75rem', textOverflow: 'ellipsis' } },
    tooltip: {
      formatter() {
        return describe(this.index ?? 0);
      },
    },
    plotOptions: {
      pie: { animation: false, allowPointSelect: false, showInLegend: true, dataLabels: { enabled: false }, borderWidth: 1, innerSize: '0%' },
      series: { animation: false },
    },
    series: [{ type: 'pie', name: data.title, data: points }],
    accessibility: { ...base.accessibility, point: { descriptionFormatter: (point) => describe(point.index) } },
  };
}

/**
 * A column chart of named amounts (spec 2 §2.3: sector): one colour per column from the
 * branding, value axis in the data's format, category labels that wrap on a phone.
 */
export function columnChartOptions(data: CategoryChartData, theme: Theme): Options {
  const shares = pointShares(data);
  const describe = (i: number) => `${data.points[i]!.name}: ${formatChartValue(data.points[i]!.value, data.values, data.locale)} (${formatPercent(shares[i]!, data.locale)})`;
  const base = common(data, theme, 'column');
  return {
    ...base,
    legend: { enabled: false },
    xAxis: { categories: data.points.map((p) => p.name), labels: { style: { textOverflow: 'ellipsis' } } },
    yAxis: { title: { text: undefined }, labels: { formatter: (ctx) => formatChartValue(Number(ctx.value), data.values, data.locale, 0) } },
    tooltip: {
      formatter() {
        return describe(this.index ?? 0);
      },
    },
    plotOptions: { column: { animation: false, colorByPoint: true, borderWidth: 0 }, series: { animation: false } },
    series: [{ type: 'column', name: data.title, data: data.points.map((p) => ({ name: p.name, y: p.value })) }],
    accessibility: { ...base.accessibility, point: { descriptionFormatter: (point) => describe(point.index) } },
    responsive: {
      rules: [{ condition: { maxWidth: SMALL_CHART_MAX_WIDTH }, chartOptions: { xAxis: { labels: { style: { fontSize: '0.6875rem' } } }, yAxis: { labels: { style: { fontSize: '0.6875rem' } } } } }],
    },
  };
}
