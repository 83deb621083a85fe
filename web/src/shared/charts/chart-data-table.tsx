import { formatChartDate, formatChartValue } from './chart-options';
import type { LineChartData } from './chart-types';

/**
 * The chart's data as a table, the alternative to the picture for screen readers and keyboard
 * users (and anyone who wants the figures): behind a disclosure, one row per date.
 */
export function ChartDataTable({ data }: { data: LineChartData }) {
  const dates = [...new Set(data.series.flatMap((s) => s.points.map((p) => p.date)))].sort();
  const byDate = data.series.map((s) => new Map(s.points.map((p) => [p.date, p.value])));
  return (
    <details className="chart-data-table">
      <summary>Show the chart as a table</summary>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`${data.title}, table`}>
        <table>
          <caption>{data.title}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {data.series.map((s) => (
                <th scope="col" key={s.name}>
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date) => (
              <tr key={date}>
                <th scope="row">{formatChartDate(date, data.locale)}</th>
                {byDate.map((values, index) => {
                  const value = values.get(date);
                  return <td key={data.series[index]!.name}>{value === undefined || value === null ? '–' : formatChartValue(value, data.values, data.locale)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
