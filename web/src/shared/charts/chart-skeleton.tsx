import './charts.css';

/** The chart's place while its data or its code loads (spec 2 §2.1: a loading skeleton). */
export function ChartSkeleton({ height, label = 'Loading chart' }: { height: number; label?: string }) {
  return (
    <div className="chart-skeleton" role="status" aria-label={label} style={{ height }}>
      <span className="chart-skeleton__line" aria-hidden="true" />
    </div>
  );
}
