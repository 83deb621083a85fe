import type { DetailField } from '../tabs/transactions-rules';

/** A transaction's fields as a description list (the side panel and the phone row). */
export function TransactionFields({ fields }: { fields: DetailField[] }) {
  return (
    <dl className="transaction-fields">
      {fields.map((field) => (
        <div key={field.key} className="transaction-fields__row" data-field={field.key}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
