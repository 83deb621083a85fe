import type { Transaction } from '../api/transactions-page';
import { transactionDate } from '../tabs/transactions-rules';

interface Props {
  rows: readonly Transaction[];
  selectedId: number | null;
  onSelect(id: number): void;
  amountOf(t: Transaction): string;
  unitsOf(t: Transaction): string;
  detailsId: string;
}

/**
 * Desktop (above 767 px): the transactions as a table; each row's button shows that
 * transaction in the details panel beside it (keyboard: Tab to the button, Enter or Space).
 */
export function TransactionsTable({ rows, selectedId, onSelect, amountOf, unitsOf, detailsId }: Props) {
  return (
    <table className="transactions-table">
      <caption className="visually-hidden">Transactions, newest first. Choose a transaction to see its details.</caption>
      <thead>
        <tr>
          <th scope="col">Trade date</th>
          <th scope="col">Type</th>
          <th scope="col">Security</th>
          <th scope="col" className="transactions-table__number">Units</th>
          <th scope="col" className="transactions-table__number">Amount</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => {
          const selected = t.id === selectedId;
          return (
            <tr key={t.id} aria-selected={selected} className={selected ? 'is-selected' : undefined} onClick={() => onSelect(t.id)}>
              <td>{transactionDate(t.tradeDate)}</td>
              <td>
                <button type="button" className="link-button" aria-pressed={selected} aria-controls={detailsId} onClick={(e) => { e.stopPropagation(); onSelect(t.id); }}>
                  {t.typeDescription || 'Transaction'}
                </button>
              </td>
              <td>{t.security || '-'}</td>
              <td className="transactions-table__number">{unitsOf(t)}</td>
              <td className="transactions-table__number">{amountOf(t)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The table's loading state: rows of the final height, so nothing moves when data arrives. */
export function TransactionsTableSkeleton({ rows = 10 }: { rows?: number }) {
  return (
    <div className="transactions-skeleton" aria-hidden="true" data-testid="transactions-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="transactions-skeleton__row" />
      ))}
    </div>
  );
}
