import { Suspense } from 'react';
import { lazyChunk } from '../lazy/lazy-chunk';
import { ChartDataTable } from './chart-data-table';
import type { LineChartData } from './chart-types';
import { ChartSkeleton } from './chart-skeleton';
import { useNearViewport } from './use-near-viewport';
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
 * A line chart whose Highcharts code loads when the chart's box comes on screen, with a skeleton
 * of the chart's height meanwhile and the data table beneath it. The box keeps the chart's height
 * from the first paint, so nothing moves when the chart draws. The figure is labelled by the
 * chart's title.
 */
export function LazyLineChart({ data, colours, height, area, zoom }: Props) {
  const [box, near] = useNearViewport<HTMLDivElement>();
  return (
    <figure className="chart" aria-label={data.title}>
      <div ref={box} className="chart__box" style={{ minHeight: height }}>
        {near ? (
          <Suspense fallback={<ChartSkeleton height={height} />}>
            <LineChart data={data} colours={colours} height={height} area={area} zoom={zoom} />
          </Suspense>
        ) : (
          <ChartSkeleton height={height} />
        )}
      </div>
      <ChartDataTable data={data} />
    </figure>
  );
}
