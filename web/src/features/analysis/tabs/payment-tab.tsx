import type { AnalysisTabProps } from '../analysis-selection';
import { usePaymentInformation, type PaymentInformation } from '../api/payment-information';
import { serverMessage, TransactionsWarning } from '../components/transactions-warning';
import './transactions-tab.css';

/** Spec 2 §2.3 and §8. */
export const PAYMENT_TEXTS = {
  none: 'No payment method available yet',
  bpayHeading: 'BPAY',
  bpayNote: 'Payments may take up to four business days to reflect.',
  bankHeading: 'Bank account',
  bankNote: 'Please check processing times with your bank.',
} as const;

/**
 * The analysis page's Payment information tab (spec 2 §2.3): for the one account selected, its
 * BPAY details (biller code, reference) and bank account (bank, account name, BSB, account
 * number), each with its note. Read-only; the page shows the tab only for a single account.
 */
export default function PaymentTab({ selection }: AnalysisTabProps) {
  const query = usePaymentInformation(selection.singleAccountId);
  let body;
  if (selection.singleAccountId === null) {
    body = <p>{PAYMENT_TEXTS.none}</p>;
  } else if (query.isPending) {
    body = <PaymentSkeleton />;
  } else if (query.isError) {
    body = <TransactionsWarning alert>{serverMessage(query.error)}</TransactionsWarning>;
  } else {
    body = <PaymentMethods info={query.data} />;
  }
  return (
    <section className="analysis-panel payment-tab" aria-label="Payment information">
      {body}
    </section>
  );
}

function PaymentMethods({ info }: { info: PaymentInformation }) {
  if (!info.bpay && !info.bankAccount) return <p>{PAYMENT_TEXTS.none}</p>;
  return (
    <>
      {info.bpay && (
        <PaymentCard heading={PAYMENT_TEXTS.bpayHeading} note={PAYMENT_TEXTS.bpayNote}
          fields={[['Biller code', info.bpay.billerCode], ['Reference', info.bpay.reference]]} />
      )}
      {info.bankAccount && (
        <PaymentCard heading={PAYMENT_TEXTS.bankHeading} note={PAYMENT_TEXTS.bankNote}
          fields={[
            ['Bank', info.bankAccount.bank],
            ['Account name', info.bankAccount.accountName],
            ['BSB', info.bankAccount.bsb],
            ['Account number', info.bankAccount.accountNumber],
          ]} />
      )}
    </>
  );
}

function PaymentCard({ heading, note, fields }: { heading: string; note: string; fields: [string, string][] }) {
  const id = `payment-${heading.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="payment-card transactions-details" aria-labelledby={id}>
      <h3 id={id} className="transactions-details__heading">{heading}</h3>
      <dl className="transaction-fields">
        {fields.map(([label, value]) => (
          <div key={label} className="transaction-fields__row">
            <dt>{label}</dt>
            <dd>{value || '-'}</dd>
          </div>
        ))}
      </dl>
      <p className="analysis-panel__note">{note}</p>
    </section>
  );
}

/** Two cards of the final size while loading. */
function PaymentSkeleton() {
  return (
    <div className="analysis-panel" aria-hidden="true" data-testid="payment-skeleton">
      <div className="analysis-skeleton" style={{ height: 150 }} />
      <div className="analysis-skeleton" style={{ height: 200 }} />
    </div>
  );
}
