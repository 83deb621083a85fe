import { formatMoney, formatSignedPercent } from '../../../shared/format/numbers';
import { Notice } from '../../../shared/ui/field';
import type { AnalysisTabProps } from '../analysis-selection';
import { countLabel, type AccountsRow, type AccountsTables } from '../accounts-rows';
import { ANALYSIS_TEXTS } from '../analysis-texts';
import type { Level } from '../drill-down';

export interface AccountsTabProps extends AnalysisTabProps {
  /** Null while the figures load (skeleton rows of the final height). */
  tables: AccountsTables | null;
  failed: boolean;
  /** Spec 2 §2.3: the performance column is hidden when profit analysis is none. */
  showPerformance: boolean;
  /** Whether any account is in another currency than the report currency (the convert menu). */
  convertible: boolean;
  onCurrencyView(view: 'plan' | 'session'): void;
  onOpen(level: Level): void;
  locale: string;
}

const NOUN: Record<AccountsTables['title'], string> = { Accounts: 'accounts', 'Account groups': 'account groups', Portfolios: 'portfolios' };

/**
 * The Accounts tab (spec 2 §2.3): 'My ...' and 'Linked ...' tables whose rows drill down on a
 * click or Enter (the row's name is a button); fund performance and change in value hide at
 * 767 px or less; 'Convert to {report currency}' or 'Convert to original currencies'.
 */
export default function AccountsTab({ selection, tables, failed, showPerformance, convertible, onCurrencyView, onOpen, locale }: AccountsTabProps) {
  if (failed) return <Notice kind="error">{ANALYSIS_TEXTS.portfolioError}</Notice>;
  const title = tables?.title ?? 'Accounts';
  const empty = tables !== null && tables.my.length === 0 && tables.linked.length === 0;
  const accountMode = title === 'Accounts';
  return (
    <section className="accounts-tab" aria-labelledby="accounts-tab-heading">
      <div className="accounts-tab__header">
        <h2 id="accounts-tab-heading">{title}</h2>
        {convertible && (
          <details className="accounts-tab__menu">
            <summary>Currency</summary>
            <button type="button" onClick={() => onCurrencyView(selection.currencyView === 'plan' ? 'session' : 'plan')}>
              {selection.currencyView === 'plan' ? `Convert to ${selection.reportCurrency}` : 'Convert to original currencies'}
            </button>
          </details>
        )}
      </div>
      {empty ? (
        <p className="accounts-tab__empty">{ANALYSIS_TEXTS.noAccounts}</p>
      ) : (
        <>
          <RowsTable caption={`My ${NOUN[title]}`} rows={tables?.my ?? null} showPerformance={showPerformance} onOpen={onOpen} locale={locale} accountMode={accountMode} />
          {tables && tables.linked.length > 0 && (
            <RowsTable caption={`Linked ${NOUN[title]}`} rows={tables.linked} showPerformance={showPerformance} onOpen={onOpen} locale={locale} accountMode={accountMode} />
          )}
        </>
      )}
    </section>
  );
}

interface TableProps {
  caption: string;
  rows: AccountsRow[] | null;
  showPerformance: boolean;
  onOpen(level: Level): void;
  locale: string;
  accountMode: boolean;
}

function RowsTable({ caption, rows, showPerformance, onOpen, locale, accountMode }: TableProps) {
  const money = (row: AccountsRow, which: 'value' | 'change') => {
    const figure = row[which];
    return figure ? formatMoney(figure.amount, figure.currency, locale) : (row.reason ?? 'Not available');
  };
  return (
    <table className={`accounts-table${accountMode ? ' accounts-table--accounts' : ''}`}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col" className="num">
            Current value
          </th>
          {showPerformance && (
            <th scope="col" className="num accounts-table__wide">
              Fund performance
            </th>
          )}
          <th scope="col" className="num accounts-table__wide">
            Change in value
          </th>
          <th scope="col" className="accounts-table__chevron">
            <span className="visually-hidden">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows === null
          ? [0, 1, 2].map((i) => (
              <tr key={i} className="accounts-table__skeleton" aria-hidden="true">
                <td colSpan={showPerformance ? 5 : 4}>
                  <span className="skeleton-bar" />
                </td>
              </tr>
            ))
          : rows.map((row) => (
              <tr key={row.key} data-row={row.key} onClick={() => onOpen(row.opens)}>
                <th scope="row">
                  <button type="button" className="accounts-table__open" onClick={(event) => (event.stopPropagation(), onOpen(row.opens))}>
                    {row.name}
                  </button>
                  {row.count !== null && <span className="accounts-table__count"> {countLabel(row.count)}</span>}
                </th>
                <td className="num" data-figure="value" data-exact={row.value?.text}>
                  {money(row, 'value')}
                </td>
                {showPerformance && (
                  <td className="num accounts-table__wide" data-figure="performance">
                    {row.performance === null ? '—' : formatSignedPercent(row.performance, locale)}
                  </td>
                )}
                <td className="num accounts-table__wide" data-figure="value-change" data-exact={row.change?.text}>
                  {money(row, 'change')}
                </td>
                <td className="accounts-table__chevron" aria-hidden="true">
                  ›
                </td>
              </tr>
            ))}
      </tbody>
    </table>
  );
}
