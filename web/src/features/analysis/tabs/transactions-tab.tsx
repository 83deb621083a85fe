import { useMemo, useState } from 'react';
import { useFeatureToggles } from '../../../shared/api/feature-toggles';
import { isEnabled } from '../../../shared/config/feature-toggles';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { downloadCsv } from '../../../shared/format/csv';
import { formatMoney, formatNumber, DECIMALS } from '../../../shared/format/numbers';
import { useSession } from '../../../shared/session/session-context';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import type { AnalysisTabProps } from '../analysis-selection';
import { fetchAllTransactions, type Transaction, type TransactionsScope } from '../api/transactions-page';
import { useTransactions } from '../api/transactions-query';
import { TransactionFields } from '../components/transactions-details';
import { TransactionsList } from '../components/transactions-list';
import { TransactionsTable, TransactionsTableSkeleton } from '../components/transactions-table';
import { serverMessage, TransactionsWarning } from '../components/transactions-warning';
import {
  emptyTransactionsMessage,
  feesAndTaxesRule,
  hiddenFeeFields,
  transactionDetails,
  transactionsCsv,
  transactionsCsvName,
  TRANSACTIONS_TEXTS,
  type FeesAndTaxesRule,
} from './transactions-rules';
import './transactions-tab.css';

/** Unit prices keep the platform's 4 places, so a fund at 1.2345 multiplies back to its value. */
const PRICE_DECIMALS = 4;
const DETAILS_ID = 'transaction-details';

/**
 * The analysis page's Transactions tab (spec 2 §2.3): a table with a details panel on desktop,
 * an expandable list on phones, 'Load more' by page bookmark, and the CSV export of every
 * transaction of the selection (issue 15, deliverable 5). Read-only for everyone.
 */
export default function TransactionsTab({ selection }: AnalysisTabProps) {
  const scope = useMemo<TransactionsScope>(
    () => ({ accountIds: selection.accountIds, startDate: selection.startDate, endDate: selection.endDate }),
    [selection.accountIds, selection.startDate, selection.endDate],
  );
  // A new selection or date range is a new list: the chosen row and open rows start again.
  const key = `${selection.entityId}|${scope.accountIds.join(',')}|${scope.startDate}|${scope.endDate}`;
  return <TransactionsView key={key} entityId={selection.entityId} scope={scope} />;
}

function TransactionsView({ entityId, scope }: { entityId: number; scope: TransactionsScope }) {
  const config = useSiteConfig();
  const rule = useMemo(() => feesAndTaxesRule(config.settings.transactionFeesAndTaxes), [config.settings.transactionFeesAndTaxes]);
  const clientAnalysis = isEnabled(useFeatureToggles(), 'use-client-analysis');
  const locale = useSession().user?.locale ?? config.settings.defaultLocale;
  const phone = useMediaQuery(PHONE_QUERY);
  const query = useTransactions(entityId, scope);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const format = useMemo(
    () => ({
      money: (m: NonNullable<Transaction['gross']>) => formatMoney(m.amount, m.currency, locale, DECIMALS.money),
      price: (m: NonNullable<Transaction['gross']>) => formatMoney(m.amount, m.currency, locale, PRICE_DECIMALS),
      units: (n: number) => formatNumber(n, locale, DECIMALS.units),
    }),
    [locale],
  );
  const detailsOf = (t: Transaction) =>
    transactionDetails(t, rule, { money: format.money, units: format.units }).map((f) =>
      f.key === 'pricePerUnit' && t.pricePerUnit ? { ...f, value: format.price(t.pricePerUnit) } : f,
    );
  const amountOf = (t: Transaction) => amountText(t, rule, format.money);
  const unitsOf = (t: Transaction) => (t.units ? format.units(t.units) : '');

  const rows = query.rows;
  const selected = rows.find((t) => t.id === selectedId) ?? rows[0] ?? null;

  let body;
  if (query.isPending) {
    body = <TransactionsTableSkeleton />;
  } else if (query.isError && rows.length === 0) {
    body = <TransactionsWarning alert>{serverMessage(query.error)}</TransactionsWarning>;
  } else if (rows.length === 0) {
    const empty = emptyTransactionsMessage(clientAnalysis);
    body = empty.warning ? <TransactionsWarning title={empty.warning}>{empty.text}</TransactionsWarning> : <p className="transactions-empty">{empty.text}</p>;
  } else {
    body = (
      <>
        {phone ? (
          <TransactionsList rows={rows} amountOf={amountOf} detailsOf={detailsOf} />
        ) : (
          <div className="transactions-desktop">
            <TransactionsTable rows={rows} selectedId={selected?.id ?? null} onSelect={setSelectedId} amountOf={amountOf} unitsOf={unitsOf} detailsId={DETAILS_ID} />
            <aside id={DETAILS_ID} className="transactions-details" aria-label="Transaction details" aria-live="polite">
              <h3 className="transactions-details__heading">Transaction details</h3>
              {selected && <TransactionFields fields={detailsOf(selected)} />}
            </aside>
          </div>
        )}
        {query.isFetchNextPageError && <TransactionsWarning alert>{serverMessage(query.error)}</TransactionsWarning>}
        {query.hasNextPage && (
          <button
            type="button"
            className="button button--secondary transactions-load-more"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
          >
            {TRANSACTIONS_TEXTS.loadMore}
          </button>
        )}
      </>
    );
  }

  return (
    <section className="transactions-tab" aria-label="Transactions">
      <div className="transactions-toolbar">
        <CsvExport scope={scope} rule={rule} disabled={query.isPending || rows.length === 0} />
      </div>
      {body}
    </section>
  );
}

/** The row's amount: the value after fees and taxes, or the gross amount where that is hidden. */
function amountText(t: Transaction, rule: FeesAndTaxesRule, money: (m: NonNullable<Transaction['gross']>) => string): string {
  const amount = hiddenFeeFields(rule, t.type).valueAfterFeesAndTaxes ? t.gross : t.value;
  return amount ? money(amount) : '';
}

/** 'Download CSV': every page of the selection, fetched when asked, not only the pages shown. */
function CsvExport({ scope, rule, disabled }: { scope: TransactionsScope; rule: FeesAndTaxesRule; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const all = await fetchAllTransactions(scope);
      downloadCsv(transactionsCsvName(scope.startDate, scope.endDate), transactionsCsv(all, rule));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => void download()} disabled={disabled || busy} aria-busy={busy}>
        {TRANSACTIONS_TEXTS.downloadCsv}
      </button>
      {error !== null && <TransactionsWarning alert>{serverMessage(error)}</TransactionsWarning>}
    </>
  );
}
