import { Chart } from '@highcharts/react';
// The accessibility module: screen-reader descriptions and keyboard navigation of the points.
import '@highcharts/react/modules/Accessibility';
import { useMemo } from 'react';
import { columnChartOptions, type CategoryChartData } from './category-chart-options';

export interface ColumnChartProps {
  data: CategoryChartData;
  colours: string[];
  height: number;
}

/** The Highcharts column chart, loaded lazily (LazyColumnChart) like the line chart. */
export default function ColumnChart({ data, colours, height }: ColumnChartProps) {
  const options = useMemo(() => columnChartOptions(data, { colours, height }), [data, colours, height]);
  return <Chart options={options} containerProps={{ className: 'column-chart', 'aria-hidden': undefined }} />;
}
