import { Suspense } from 'react';
import { lazyChunk } from '../lazy/lazy-chunk';
import { CategoryDataTable } from './category-data-table';
import type { CategoryChartData } from './category-chart-options';
import { ChartSkeleton } from './chart-skeleton';
import './charts.css';
import './category-charts.css';

const PieChart = lazyChunk(() => import('./pie-chart'));

interface Props {
  data: CategoryChartData;
  /** The branding's chart colours (chartPalette fills them up to nine). */
  colours: string[];
  height: number;
}

/**
 * A pie whose Highcharts code loads on first use (at most 600 px wide, spec 2 §9), with a
 * skeleton of its height meanwhile and the data table beneath it.
 */
export function LazyPieChart({ data, colours, height }: Props) {
  return (
    <figure className="chart chart--pie" aria-label={data.title}>
      <Suspense fallback={<ChartSkeleton height={height} />}>
        <PieChart data={data} colours={colours} height={height} />
      </Suspense>
      <CategoryDataTable data={data} />
    </figure>
  );
}
