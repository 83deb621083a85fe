import { Chart } from '@highcharts/react';
// The accessibility module: screen-reader descriptions and keyboard navigation of the points.
import '@highcharts/react/modules/Accessibility';
import { useMemo } from 'react';
import { pieChartOptions, type CategoryChartData } from './category-chart-options';

export interface PieChartProps {
  data: CategoryChartData;
  colours: string[];
  height: number;
}

/** The Highcharts pie, loaded lazily (LazyPieChart) like the line chart. */
export default function PieChart({ data, colours, height }: PieChartProps) {
  const options = useMemo(() => pieChartOptions(data, { colours, height }), [data, colours, height]);
  return <Chart options={options} containerProps={{ className: 'pie-chart', 'aria-hidden': undefined }} />;
}
