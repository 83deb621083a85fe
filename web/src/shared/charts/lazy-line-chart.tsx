import { Suspense } from 'react';
import { lazyChunk } from '../lazy/lazy-chunk';
import { ChartDataTable } from './chart-data-table';
import type { LineChartData } from './chart-types';
import { ChartSkeleton } from './chart-skeleton';
import './charts.css';

const LineChart = lazyChunk(() => import('./line-chart'));

interface Props {
  data: LineChartData;
  /** The branding's chart colours (chartPalette fills them up to nine). */
  colours: string[];
  height: number;
  area?: boolean;
  /** Click and drag along x to zoom in (the analysis chart). */
  zoom?: boolean;
}

/**
 * A line chart whose Highcharts code loads on first use, with a skeleton of the chart's height
 * meanwhile and the data table beneath it. The figure is labelled by the chart's title.
 */
export function LazyLineChart({ data, colours, height, area, zoom }: Props) {
  return (
    <figure className="chart" aria-label={data.title}>
      <Suspense fallback={<ChartSkeleton height={height} />}>
        <LineChart data={data} colours={colours} height={height} area={area} zoom={zoom} />
      </Suspense>
      <ChartDataTable data={data} />
    </figure>
  );
}
