import { formatPercent } from '../format/numbers';
import { formatChartValue } from './chart-options';
import { pointShares, type CategoryChartData } from './category-chart-options';

/**
 * A pie's or column chart's data as a table, the alternative to the picture for screen readers
 * and keyboard users: behind a disclosure, one row per category with its amount and share.
 */
export function CategoryDataTable({ data }: { data: CategoryChartData }) {
  const shares = pointShares(data);
  return (
    <details className="chart-data-table">
      <summary>Show the chart as a table</summary>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`${data.title}, table`}>
        <table>
          <caption>{data.title}</caption>
          <thead>
            <tr>
              <th scope="col">{data.categoryLabel}</th>
              <th scope="col">Amount</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {data.points.map((p, i) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{formatChartValue(p.value, data.values, data.locale)}</td>
                <td>{formatPercent(shares[i]!, data.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
