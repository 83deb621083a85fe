import type { ReactNode } from 'react';
import type { AssetListData } from '../api/balance-sheet-data';
import { shownValue, shownValueOwned, type AssetRow } from '../asset-rows';
import { formatRate, formatRecorded, formatValuationDate, formatValue } from '../balance-sheet-format';
import { TAB_LABELS, type CurrencyView } from '../balance-sheet-rules';
import type { Column, ColumnKey } from '../regional-fields';

interface Props {
  data: AssetListData;
  columns: Column[];
  currencyView: CurrencyView;
  /** Cards stacked one under another (phones) instead of a table. */
  cards: boolean;
  locale: string;
}

/** The column whose figure the list's total adds up (spec 2 §7 "Asset totals": its amount field). */
const TOTAL_COLUMN: Partial<Record<ColumnKey, true>> = { totalValue: true, value: true, capital: true, balance: true };

/** Lines of a cell under its main text, each only when recorded. */
function Details({ lines }: { lines: (string | false | null | undefined)[] }) {
  const shown = lines.filter((line): line is string => Boolean(line));
  return shown.length === 0 ? null : (
    <>
      {shown.map((line, i) => (
        <span key={i} className="asset-table__detail">
          {line}
        </span>
      ))}
    </>
  );
}

/** Two figures of one column (spec 2 §2.5 names them in pairs), each on its own labelled line. */
function Pair({ lines }: { lines: [string, string][] }) {
  return (
    <>
      {lines.map(([label, figure]) => (
        <span key={label} className="asset-table__pair">
          <span className="asset-table__pair-label">{label}</span> {figure}
        </span>
      ))}
    </>
  );
}

function owners(row: AssetRow, locale: string): string | null {
  if (row.owners.length === 0) return null;
  return row.owners.map((o) => (row.owners.length > 1 ? `${o.name} (${formatRate(o.percentage, locale)})` : o.name)).join(', ');
}

const valued = (row: AssetRow, locale: string) => row.valuationDate && `Valued ${formatValuationDate(row.valuationDate, locale)}`;

/** What a cell of a column shows of a row (spec 2 §2.5, §3), in the currency view. */
function cell(key: ColumnKey, row: AssetRow, view: CurrencyView, locale: string): ReactNode {
  switch (key) {
    case 'description':
      return (
        <>
          <span className="asset-table__name">{row.description}</span>
          <Details
            lines={
              row.list === 'asset'
                ? [owners(row, locale) && `Owners: ${owners(row, locale)}`]
                : row.list === 'fund_za'
                  ? [row.type]
                  : [row.provider, row.number && `Policy ${row.number}`, row.list === 'liability' && owners(row, locale) && `Owners: ${owners(row, locale)}`]
            }
          />
        </>
      );
    case 'type':
      return (
        <>
          <span>{row.type || '–'}</span>
          <Details lines={[row.number, row.provider]} />
        </>
      );
    case 'policy':
      return (
        <>
          <span>{row.number || '–'}</span>
          <Details lines={[row.provider]} />
        </>
      );
    case 'flows':
      return <Pair lines={[['In', formatRecorded(row.contributions, locale)], ['Out', formatRecorded(row.withdrawals, locale)]]} />;
    case 'funds':
      return <Pair lines={[['Crystallised', formatRecorded(row.crystallised, locale)], ['Uncrystallised', formatRecorded(row.uncrystallised, locale)]]} />;
    case 'valueOwned':
      return formatValue(shownValueOwned(row, view), locale);
    case 'percentOwned':
      return formatRate(row.percentOwned, locale);
    case 'income':
      return (
        <>
          <span>{formatRecorded(row.income, locale)}</span>
          <Details lines={[row.frequency && `Paid ${row.frequency.toLowerCase()}`]} />
        </>
      );
    case 'rate':
      return formatRate(row.rate, locale);
    case 'totalValue':
    case 'value':
    case 'capital':
    case 'balance':
      return (
        <>
          <span data-figure="value">{formatValue(shownValue(row, view), locale)}</span>
          <Details lines={[valued(row, locale)]} />
        </>
      );
  }
}

/** The list's total in the reporting currency (0 decimals), or the spec's text without a rate. */
function totalText(data: AssetListData, locale: string): string {
  return formatValue(data.total === null ? null : { value: data.total, currency: data.currency }, locale);
}

/**
 * One list of the balance sheet (spec 2 §2.5): a table at 768 px and wider, cards stacked one
 * under another on phones, so nothing scrolls sideways; the list's total in the reporting
 * currency at its foot.
 */
export function AssetTable({ data, columns, currencyView, cards, locale }: Props) {
  const caption = TAB_LABELS[data.list].many;
  const totalLabel = currencyView === 'plan' ? `Total in ${data.currency}` : 'Total';
  if (cards) {
    return (
      <div className="asset-cards">
        <ul className="asset-cards__list" aria-label={caption}>
          {data.rows.map((row) => (
            <li key={row.key} className="asset-card" data-asset={row.key}>
              <h2 className="asset-card__title">{cell('description', row, currencyView, locale)}</h2>
              <dl>
                {columns
                  .filter((c) => c.key !== 'description')
                  .map((c) => (
                    <div key={c.key} className={c.numeric ? 'asset-card__figure' : undefined} data-column={c.key}>
                      <dt>{c.header}</dt>
                      <dd>{cell(c.key, row, currencyView, locale)}</dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
        </ul>
        <p className="asset-cards__total" data-total={data.list}>
          <span>{totalLabel}</span> <strong data-figure="total">{totalText(data, locale)}</strong>
        </p>
      </div>
    );
  }
  const totalAt = columns.findIndex((c) => TOTAL_COLUMN[c.key]);
  return (
    <table className="asset-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.rows.map((row) => (
          <tr key={row.key} data-asset={row.key}>
            {columns.map((c, i) =>
              i === 0 ? (
                <th key={c.key} scope="row">
                  {cell(c.key, row, currencyView, locale)}
                </th>
              ) : (
                <td key={c.key} className={c.numeric ? 'num' : undefined} data-column={c.key}>
                  {cell(c.key, row, currencyView, locale)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-total={data.list}>
          <th scope="row" colSpan={Math.max(1, totalAt)}>
            {totalLabel}
          </th>
          <td className="num" data-figure="total">
            {totalText(data, locale)}
          </td>
          {columns.length - totalAt - 1 > 0 && <td colSpan={columns.length - totalAt - 1} />}
        </tr>
      </tfoot>
    </table>
  );
}

/** The skeleton of a list while it loads: the table's or the cards' shape, no figures (aria-hidden). */
export function AssetTableSkeleton({ cards }: { cards: boolean }) {
  const rows = [0, 1, 2];
  return cards ? (
    <ul className="asset-cards__list is-pending" aria-hidden="true">
      {rows.map((i) => (
        <li key={i} className="asset-card asset-card--skeleton">
          <span className="skeleton-bar skeleton-bar--wide" />
          <span className="skeleton-bar" />
          <span className="skeleton-bar" />
        </li>
      ))}
    </ul>
  ) : (
    <div className="asset-table asset-table--skeleton" aria-hidden="true">
      {rows.map((i) => (
        <div key={i} className="asset-table__skeleton-row">
          <span className="skeleton-bar skeleton-bar--wide" />
          <span className="skeleton-bar" />
          <span className="skeleton-bar" />
        </div>
      ))}
    </div>
  );
}
