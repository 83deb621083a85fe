import { Chart } from '@highcharts/react';
// The accessibility module: screen-reader descriptions and keyboard navigation of the points.
import '@highcharts/react/modules/Accessibility';
import { useMemo } from 'react';
import { lineChartOptions } from './chart-options';
import type { LineChartData } from './chart-types';

export interface LineChartProps {
  data: LineChartData;
  colours: string[];
  height: number;
  area?: boolean;
  zoom?: boolean;
}

/**
 * The Highcharts line chart, loaded lazily (LazyLineChart): this module is the only one that
 * imports Highcharts, so its chunk never reaches the login route or first paint.
 */
export default function LineChart({ data, colours, height, area = false, zoom = false }: LineChartProps) {
  const options = useMemo(() => lineChartOptions(data, { colours, height, area, zoom }), [data, colours, height, area, zoom]);
  return <Chart options={options} containerProps={{ className: 'line-chart', 'aria-hidden': undefined }} />;
}
