import './charts.css';

interface Props {
  height: number;
  label?: string;
  /**
   * Also hold the place of the data table's disclosure that follows a drawn chart (LazyLineChart),
   * so nothing below moves when the chart replaces the skeleton.
   */
  withTable?: boolean;
}

/** The chart's place while its data or its code loads (spec 2 §2.1: a loading skeleton). */
export function ChartSkeleton({ height, label = 'Loading chart', withTable = false }: Props) {
  const skeleton = (
    <div className="chart-skeleton" role="status" aria-label={label} style={{ height }}>
      <span className="chart-skeleton__line" aria-hidden="true" />
    </div>
  );
  if (!withTable) return skeleton;
  return (
    <div className="chart">
      {skeleton}
      <div className="chart-skeleton__table" aria-hidden="true" />
    </div>
  );
}
