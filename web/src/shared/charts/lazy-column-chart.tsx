import { Suspense } from 'react';
import { lazyChunk } from '../lazy/lazy-chunk';
import { CategoryDataTable } from './category-data-table';
import type { CategoryChartData } from './category-chart-options';
import { ChartSkeleton } from './chart-skeleton';
import './charts.css';
import './category-charts.css';

const ColumnChart = lazyChunk(() => import('./column-chart'));

interface Props {
  data: CategoryChartData;
  /** The branding's chart colours (chartPalette fills them up to nine). */
  colours: string[];
  height: number;
}

/** A column chart whose Highcharts code loads on first use, with a skeleton meanwhile and the data table beneath it. */
export function LazyColumnChart({ data, colours, height }: Props) {
  return (
    <figure className="chart chart--column" aria-label={data.title}>
      <Suspense fallback={<ChartSkeleton height={height} />}>
        <ColumnChart data={data} colours={colours} height={height} />
      </Suspense>
      <CategoryDataTable data={data} />
    </figure>
  );
}
