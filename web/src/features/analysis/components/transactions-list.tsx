import { IonItem, IonList } from '@ionic/react';
import { useState } from 'react';
import type { Transaction } from '../api/transactions-page';
import { transactionDate, type DetailField } from '../tabs/transactions-rules';
import { TransactionFields } from './transactions-details';

interface Props {
  rows: readonly Transaction[];
  amountOf(t: Transaction): string;
  detailsOf(t: Transaction): DetailField[];
}

/** Phones (767 px and below): an Ionic list whose rows expand to the transaction's details. */
export function TransactionsList({ rows, amountOf, detailsOf }: Props) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <IonList className="transactions-list" lines="full">
      {rows.map((t) => {
        const expanded = open.has(t.id);
        const panelId = `transaction-${t.id}-details`;
        return (
          <IonItem key={t.id} className="transactions-list__item">
            <div className="transactions-list__body">
              <button type="button" className="transactions-list__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(t.id)}>
                <span className="transactions-list__date">{transactionDate(t.tradeDate)}</span>
                <span className="transactions-list__what">
                  {t.typeDescription || 'Transaction'}
                  {t.security ? ` · ${t.security}` : ''}
                </span>
                <span className="transactions-list__amount">{amountOf(t)}</span>
              </button>
              <div id={panelId} className="transactions-list__details" hidden={!expanded}>
                {expanded && <TransactionFields fields={detailsOf(t)} />}
              </div>
            </div>
          </IonItem>
        );
      })}
    </IonList>
  );
}
