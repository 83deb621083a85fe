/**
 * The charts module (STYLE.md rule 9): the only place that imports Highcharts, always lazily
 * (line-chart.tsx is its own chunk). Features pass data (LineChartData), never options.
 */
export { LazyLineChart } from './lazy-line-chart';
export { ChartSkeleton } from './chart-skeleton';
export { ChartDataTable } from './chart-data-table';
export { chartPalette, CHART_STYLE, DEFAULT_CHART_COLOURS } from './chart-options';
export { chartFrequency, profitAnalysisFrequency, addMonthsClamped, FREQUENCY, type FrequencyCode } from './chart-frequency';
export { CHART_HEIGHT, SMALL_CHART_MAX_WIDTH, type ChartPoint, type ChartSeries, type ChartValueKind, type LineChartData } from './chart-types';
export { LazyPieChart } from './lazy-pie-chart';
export { LazyColumnChart } from './lazy-column-chart';
export { CategoryDataTable } from './category-data-table';
export { PIE_MAX_WIDTH, pointShares, type CategoryChartData } from './category-chart-options';
