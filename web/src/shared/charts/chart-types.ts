/** What a feature hands a chart: data and how to read it, never Highcharts options (STYLE.md rule 9). */

/** One point: an ISO date (YYYY-MM-DD) and its value (null: no figure that day). */
export interface ChartPoint {
  date: string;
  value: number | null;
}

export interface ChartSeries {
  name: string;
  points: ChartPoint[];
  /** A comparison line (a benchmark): dashed, never filled. */
  comparison?: boolean;
  /** Amounts per period (cash flows), drawn as columns under the lines on the same axis. */
  columns?: boolean;
}

/** How the values read: money in a currency, or a percentage in percentage points. */
export type ChartValueKind = { kind: 'money'; currency: string } | { kind: 'percent' };

export interface LineChartData {
  /** The chart's accessible name (also the data table's caption). */
  title: string;
  /** One sentence for screen readers: what the chart shows. */
  description: string;
  series: ChartSeries[];
  values: ChartValueKind;
  /** The user's locale (en-gb, fr-ca ...), for numbers and dates. */
  locale: string;
}

/** Spec 2 §9: chart heights. */
export const CHART_HEIGHT = { dashboard: 400, analysis: 300, lineDefault: 500, lineSmall: 300 } as const;

/** Spec 2 §9: the small-screen chart breakpoint. */
export const SMALL_CHART_MAX_WIDTH = 576;
