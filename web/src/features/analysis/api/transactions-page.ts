import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import { moneyValue, toDate, toMoney, toNumber, decimalValue, typedDate, type Money } from '../../portfolio';

/**
 * GET account/transactions on the BFF (spec 2 §7 "Transactions via BFF"): one page of the
 * selection's transactions, newest first, with repeated accountIds, startDate, endDate,
 * sort_type, page_bookmark and page_size, sent with credentials. Each item carries the bookmark
 * of the page after it (spec 2 §3 "page bookmark").
 */

/** Spec 2 §9: paged transactions, 50 per page. */
export const TRANSACTIONS_PAGE_SIZE = 50;
/** The export follows the pages with the BFF's largest page (fewer round trips). */
export const TRANSACTIONS_EXPORT_PAGE_SIZE = 200;
/** sort_type 1: newest first (the platform's default for the transactions tab). */
const NEWEST_FIRST = 1;

const transactionItem = z.looseObject({
  id: z.number(),
  accountId: z.number(),
  type: z.string(),
  transactionTypeDesc: z.nullish(z.string()),
  securityDescription: z.nullish(z.string()),
  code: z.nullish(z.string()),
  exchange: z.nullish(z.string()),
  securityIsin: z.nullish(z.string()),
  tradeDate: z.nullish(typedDate),
  settlementDate: z.nullish(typedDate),
  nativeCurrency: z.nullish(z.string()),
  nativeTransactionValue: moneyValue,
  nativeIncome: moneyValue,
  grossAmount: moneyValue,
  netAmount: moneyValue,
  fee: moneyValue,
  tax: moneyValue,
  pricePerUnit: moneyValue,
  volume: decimalValue,
  comment: z.nullish(z.string()),
  bookmark: z.nullish(z.string()),
});

export const transactionsPageSchema = z.array(transactionItem);

/** A transaction of spec 2 §3, with its figures as exact decimals. */
export interface Transaction {
  id: number;
  accountId: number;
  /** Spec 2 §3: income or other (the fees-and-taxes rule tells them apart). */
  type: 'income' | 'other';
  typeDescription: string;
  security: string;
  code: string;
  exchange: string;
  isin: string;
  /** YYYY-MM-DD. */
  tradeDate: string | null;
  settlementDate: string | null;
  currency: string;
  /** The native transaction value: the value after fees and taxes. */
  value: Money | null;
  income: Money | null;
  gross: Money | null;
  net: Money | null;
  fee: Money | null;
  tax: Money | null;
  pricePerUnit: Money | null;
  units: number | null;
  comment: string;
  bookmark: string | null;
}

export function toTransaction(item: z.output<typeof transactionItem>): Transaction {
  return {
    id: item.id,
    accountId: item.accountId,
    type: item.type === 'income' ? 'income' : 'other',
    typeDescription: item.transactionTypeDesc ?? '',
    security: item.securityDescription ?? '',
    code: item.code ?? '',
    exchange: item.exchange ?? '',
    isin: item.securityIsin ?? '',
    tradeDate: toDate(item.tradeDate),
    settlementDate: toDate(item.settlementDate),
    currency: item.nativeCurrency ?? '',
    value: toMoney(item.nativeTransactionValue),
    income: toMoney(item.nativeIncome),
    gross: toMoney(item.grossAmount),
    net: toMoney(item.netAmount),
    fee: toMoney(item.fee),
    tax: toMoney(item.tax),
    pricePerUnit: toMoney(item.pricePerUnit),
    units: toNumber(item.volume),
    comment: item.comment ?? '',
    bookmark: item.bookmark ?? null,
  };
}

/** What a transactions call covers: the selection's accounts and dates. */
export interface TransactionsScope {
  accountIds: readonly number[];
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
}

/** The BFF's query string: accountIds repeated, then the dates, order, page size and bookmark. */
export function transactionsQueryString(scope: TransactionsScope, pageSize: number, bookmark: string | null): string {
  const q = new URLSearchParams();
  for (const id of scope.accountIds) q.append('accountIds', String(id));
  q.set('startDate', scope.startDate);
  q.set('endDate', scope.endDate);
  q.set('sort_type', String(NEWEST_FIRST));
  q.set('page_size', String(pageSize));
  if (bookmark) q.set('page_bookmark', bookmark);
  return q.toString();
}

/**
 * One page. No accounts selected is an empty result without a call (spec 2 §5: "With no
 * accounts selected a transaction result is empty").
 */
export async function fetchTransactionsPage(
  scope: TransactionsScope,
  bookmark: string | null,
  pageSize: number = TRANSACTIONS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  if (scope.accountIds.length === 0) return [];
  const answer = await request<unknown>(`account/transactions?${transactionsQueryString(scope, pageSize, bookmark)}`, { base: 'bff', signal });
  return parseAnswer(transactionsPageSchema, answer, 'GET account/transactions').map(toTransaction);
}

/** The bookmark of the page after this one; none when the page was not full (the last page). */
export function nextBookmark(page: readonly Transaction[], pageSize: number): string | null {
  if (page.length < pageSize) return null;
  return page[page.length - 1]?.bookmark ?? null;
}

/** Every transaction of the scope: the pages followed to the end, not only those on screen. */
export async function fetchAllTransactions(scope: TransactionsScope, signal?: AbortSignal): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let bookmark: string | null = null;
  for (;;) {
    const page = await fetchTransactionsPage(scope, bookmark, TRANSACTIONS_EXPORT_PAGE_SIZE, signal);
    all.push(...page);
    bookmark = nextBookmark(page, TRANSACTIONS_EXPORT_PAGE_SIZE);
    if (!bookmark) return all;
  }
}
