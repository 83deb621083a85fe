import type { CsvCell } from '../../../shared/format/csv';
import { toCsv } from '../../../shared/format/csv';
import { hidesFeeField, parseFeeVisibility, type FeeVisibility } from '../../portfolio';
import type { Transaction } from '../api/transactions-page';

/**
 * The transactions tab's rules (spec 2 §3, §5, §8, §9) as plain functions: which fee-like
 * fields a transaction shows, its details, the dates, the empty texts and the CSV export.
 */

/** Spec 2 §8. */
export const TRANSACTIONS_TEXTS = {
  noTransactions: 'There are no transactions available for the accounts and dates selected.',
  noTransactionsWarning: 'No transactions to display',
  loadMore: 'Load more',
  downloadCsv: 'Download CSV',
} as const;

/** Spec 2 §5: how each of fees, taxes and the value after them is hidden. */
export interface FeesAndTaxesRule {
  fees: FeeVisibility;
  taxes: FeeVisibility;
  valueAfterFeesAndTaxes: FeeVisibility;
}

/** The site configuration's rule; anything missing or unknown is 'Do Not Hide'. */
export function feesAndTaxesRule(setting: { fees?: unknown; taxes?: unknown; valueAfterFeesAndTaxes?: unknown } | undefined): FeesAndTaxesRule {
  return {
    fees: parseFeeVisibility(setting?.fees),
    taxes: parseFeeVisibility(setting?.taxes),
    valueAfterFeesAndTaxes: parseFeeVisibility(setting?.valueAfterFeesAndTaxes),
  };
}

/** Which fee-like fields one transaction leaves out (spec 2 §5: "hidden fields are omitted"). */
export function hiddenFeeFields(rule: FeesAndTaxesRule, type: Transaction['type']) {
  return {
    fee: hidesFeeField(rule.fees, type),
    tax: hidesFeeField(rule.taxes, type),
    valueAfterFeesAndTaxes: hidesFeeField(rule.valueAfterFeesAndTaxes, type),
  };
}

/** Spec 2 §9: transaction dates as DD/MM/YYYY, whatever the locale. */
export function transactionDate(iso: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** One line of a transaction's details: a label and its value (already shown as text). */
export interface DetailField {
  key: string;
  label: string;
  value: string;
}

/** How the details show money and units; the tab passes the locale's formatters. */
export interface DetailFormat {
  money(value: NonNullable<Transaction['gross']>): string;
  units(value: number): string;
}

/**
 * The details panel's fields in the spec's order (spec 2 §2.3): type, security, code, exchange,
 * ISIN, trade and settlement dates, native currency and value, income, gross, net, fee, tax,
 * price per unit, units, comment. Hidden fee-like fields are left out; income shows on income
 * transactions only; an empty field shows '-'.
 */
export function transactionDetails(t: Transaction, rule: FeesAndTaxesRule, format: DetailFormat): DetailField[] {
  const hidden = hiddenFeeFields(rule, t.type);
  const money = (m: Transaction['gross']) => (m ? format.money(m) : '-');
  const text = (s: string) => s || '-';
  const fields: (DetailField | null)[] = [
    { key: 'type', label: 'Type', value: text(t.typeDescription) },
    { key: 'security', label: 'Security', value: text(t.security) },
    { key: 'code', label: 'Code', value: text(t.code) },
    { key: 'exchange', label: 'Exchange', value: text(t.exchange) },
    { key: 'isin', label: 'ISIN', value: text(t.isin) },
    { key: 'tradeDate', label: 'Trade date', value: text(transactionDate(t.tradeDate)) },
    { key: 'settlementDate', label: 'Settlement date', value: text(transactionDate(t.settlementDate)) },
    { key: 'currency', label: 'Native currency', value: text(t.currency) },
    hidden.valueAfterFeesAndTaxes ? null : { key: 'value', label: 'Native value', value: money(t.value) },
    t.type === 'income' ? { key: 'income', label: 'Income', value: money(t.income) } : null,
    { key: 'gross', label: 'Gross amount', value: money(t.gross) },
    hidden.valueAfterFeesAndTaxes ? null : { key: 'net', label: 'Net amount', value: money(t.net) },
    hidden.fee ? null : { key: 'fee', label: 'Fee', value: money(t.fee) },
    hidden.tax ? null : { key: 'tax', label: 'Tax', value: money(t.tax) },
    { key: 'pricePerUnit', label: 'Price per unit', value: money(t.pricePerUnit) },
    { key: 'units', label: 'Units', value: t.units === null ? '-' : format.units(t.units) },
    { key: 'comment', label: 'Comment', value: text(t.comment) },
  ];
  return fields.filter((f): f is DetailField => f !== null);
}

/**
 * Spec 2 §8: with client analysis on, no transactions is the 'No transactions to display'
 * warning (with the sentence below it); otherwise the sentence alone.
 */
export function emptyTransactionsMessage(clientAnalysis: boolean): { warning: string | null; text: string } {
  return { warning: clientAnalysis ? TRANSACTIONS_TEXTS.noTransactionsWarning : null, text: TRANSACTIONS_TEXTS.noTransactions };
}

/** The export's columns (issue 15, deliverable 5), each with the fee-like field it depends on. */
const CSV_COLUMNS: { header: string; hiddenBy?: keyof FeesAndTaxesRule; cell(t: Transaction): CsvCell }[] = [
  { header: 'Trade date', cell: (t) => t.tradeDate },
  { header: 'Settlement date', cell: (t) => t.settlementDate },
  { header: 'Account id', cell: (t) => t.accountId },
  { header: 'Type', cell: (t) => t.typeDescription },
  { header: 'Security', cell: (t) => t.security },
  { header: 'Code', cell: (t) => t.code },
  { header: 'ISIN', cell: (t) => t.isin },
  { header: 'Units', cell: (t) => t.units },
  { header: 'Price per unit', cell: (t) => t.pricePerUnit?.amount },
  { header: 'Gross', cell: (t) => t.gross?.amount },
  { header: 'Fee', hiddenBy: 'fees', cell: (t) => t.fee?.amount },
  { header: 'Tax', hiddenBy: 'taxes', cell: (t) => t.tax?.amount },
  { header: 'Net', hiddenBy: 'valueAfterFeesAndTaxes', cell: (t) => t.net?.amount },
  { header: 'Currency', cell: (t) => t.currency },
  { header: 'Comment', cell: (t) => t.comment },
];

/**
 * The CSV of every transaction given (issue 15, deliverable 5): UTF-8 with BOM, values
 * unformatted (numbers as the platform sent them), dates ISO. A column whose field is hidden for
 * all transactions is left out; one hidden for income only stays, empty on income rows.
 */
export function transactionsCsv(rows: readonly Transaction[], rule: FeesAndTaxesRule): string {
  const columns = CSV_COLUMNS.filter((c) => !c.hiddenBy || rule[c.hiddenBy] !== 'Hide For All Transactions');
  return toCsv(
    columns.map((c) => c.header),
    rows.map((t) =>
      columns.map((c) => (c.hiddenBy && hidesFeeField(rule[c.hiddenBy], t.type) ? null : c.cell(t))),
    ),
  );
}

/** The export's file name: the dates it covers. */
export function transactionsCsvName(startDate: string, endDate: string): string {
  return `transactions-${startDate}-to-${endDate}.csv`;
}
