import { describe, expect, it } from 'vitest';
import type { Transaction } from '../api/transactions-page';
import {
  emptyTransactionsMessage,
  feesAndTaxesRule,
  hiddenFeeFields,
  transactionDate,
  transactionDetails,
  transactionsCsv,
} from './transactions-rules';

const gbp = (text: string) => ({ amount: Number(text), text, currency: 'GBP' });

const trade: Transaction = {
  id: 2, accountId: 11, type: 'other', typeDescription: 'Purchase', security: 'Acme Technology plc', code: 'ACME', exchange: 'LSE',
  isin: 'GB00ACME0001', tradeDate: '2026-10-02', settlementDate: '2026-10-04', currency: 'GBP', value: gbp('1012.50'), income: null,
  gross: gbp('1000.00'), net: gbp('1012.50'), fee: gbp('7.50'), tax: gbp('5.00'), pricePerUnit: gbp('10.0000'), units: 100,
  comment: 'Monthly, "top-up"', bookmark: 'b2',
};
const dividend: Transaction = {
  ...trade, id: 5, type: 'income', typeDescription: 'Dividend', tradeDate: '2026-10-20', settlementDate: '2026-10-22', value: gbp('27.00'),
  income: gbp('27.00'), gross: gbp('30.00'), net: gbp('27.00'), fee: gbp('0.00'), tax: gbp('3.00'), pricePerUnit: null, units: null,
  comment: '=HYPERLINK("x")', bookmark: 'b5',
};
const format = { money: (m: { text: string }) => `£${m.text}`, units: (n: number) => n.toFixed(4) };
const keys = (t: Transaction, rule: ReturnType<typeof feesAndTaxesRule>) => transactionDetails(t, rule, format).map((f) => f.key);

describe('the fees-and-taxes hiding rule (spec 2 §5)', () => {
  it('reads the three settings, unknown or missing being Do Not Hide', () => {
    expect(feesAndTaxesRule(undefined)).toEqual({ fees: 'Do Not Hide', taxes: 'Do Not Hide', valueAfterFeesAndTaxes: 'Do Not Hide' });
    expect(feesAndTaxesRule({ fees: 'hide for all transactions', taxes: 'Hide For Income Transactions Only', valueAfterFeesAndTaxes: 'sometimes' })).toEqual({
      fees: 'Hide For All Transactions',
      taxes: 'Hide For Income Transactions Only',
      valueAfterFeesAndTaxes: 'Do Not Hide',
    });
  });

  it('hides a field for every transaction, for income only, or never', () => {
    const rule = feesAndTaxesRule({ fees: 'Hide For All Transactions', taxes: 'Hide For Income Transactions Only' });
    expect(hiddenFeeFields(rule, 'other')).toEqual({ fee: true, tax: false, valueAfterFeesAndTaxes: false });
    expect(hiddenFeeFields(rule, 'income')).toEqual({ fee: true, tax: true, valueAfterFeesAndTaxes: false });
  });

  it('leaves hidden fields out of the details, in the spec order otherwise', () => {
    const shown = feesAndTaxesRule(undefined);
    expect(keys(trade, shown)).toEqual([
      'type', 'security', 'code', 'exchange', 'isin', 'tradeDate', 'settlementDate', 'currency', 'value', 'gross', 'net', 'fee', 'tax', 'pricePerUnit', 'units', 'comment',
    ]);
    // Income shows its income line.
    expect(keys(dividend, shown)).toContain('income');
    const incomeOnly = feesAndTaxesRule({ fees: 'Hide For Income Transactions Only', taxes: 'Hide For Income Transactions Only', valueAfterFeesAndTaxes: 'Hide For Income Transactions Only' });
    expect(keys(trade, incomeOnly)).toEqual(expect.arrayContaining(['fee', 'tax', 'value', 'net']));
    for (const key of ['fee', 'tax', 'value', 'net']) expect(keys(dividend, incomeOnly)).not.toContain(key);
    const all = feesAndTaxesRule({ fees: 'Hide For All Transactions', taxes: 'Hide For All Transactions', valueAfterFeesAndTaxes: 'Hide For All Transactions' });
    for (const key of ['fee', 'tax', 'value', 'net']) expect(keys(trade, all)).not.toContain(key);
    expect(keys(trade, all)).toContain('gross');
  });

  it('shows each field with its value, and - for an empty one', () => {
    const details = Object.fromEntries(transactionDetails(dividend, feesAndTaxesRule(undefined), format).map((f) => [f.key, f.value]));
    expect(details).toMatchObject({ tradeDate: '20/10/2026', settlementDate: '22/10/2026', income: '£27.00', gross: '£30.00', tax: '£3.00', pricePerUnit: '-', units: '-' });
  });
});

describe('transaction dates (spec 2 §9)', () => {
  it('are DD/MM/YYYY, empty when missing', () => {
    expect(transactionDate('2026-01-31')).toBe('31/01/2026');
    expect(transactionDate('2026-12-01T00:00:00')).toBe('01/12/2026');
    expect(transactionDate(null)).toBe('');
  });
});

describe('no transactions (spec 2 §8)', () => {
  it("is the 'No transactions to display' warning with client analysis, the sentence alone without", () => {
    expect(emptyTransactionsMessage(true)).toEqual({ warning: 'No transactions to display', text: 'There are no transactions available for the accounts and dates selected.' });
    expect(emptyTransactionsMessage(false)).toEqual({ warning: null, text: 'There are no transactions available for the accounts and dates selected.' });
  });
});

/** Parses RFC 4180 text back into rows (quotes doubled inside quoted cells). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i += 1; }
    else cell += c;
  }
  return rows;
}

describe('the transactions CSV (issue 15, deliverable 5)', () => {
  it('starts with a BOM, has the columns, ISO dates and unformatted values', () => {
    const text = transactionsCsv([trade, dividend], feesAndTaxesRule(undefined));
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows).toEqual([
      ['Trade date', 'Settlement date', 'Account id', 'Type', 'Security', 'Code', 'ISIN', 'Units', 'Price per unit', 'Gross', 'Fee', 'Tax', 'Net', 'Currency', 'Comment'],
      ['2026-10-02', '2026-10-04', '11', 'Purchase', 'Acme Technology plc', 'ACME', 'GB00ACME0001', '100', '10', '1000', '7.5', '5', '1012.5', 'GBP', 'Monthly, "top-up"'],
      // A comment that looks like a formula is defused with an apostrophe.
      ['2026-10-20', '2026-10-22', '11', 'Dividend', 'Acme Technology plc', 'ACME', 'GB00ACME0001', '', '', '30', '0', '3', '27', 'GBP', `'=HYPERLINK("x")`],
    ]);
  });

  it('leaves out a column hidden for all, and blanks income cells of one hidden for income only', () => {
    const rule = feesAndTaxesRule({ fees: 'Hide For All Transactions', taxes: 'Hide For Income Transactions Only' });
    const rows = parseCsv(transactionsCsv([trade, dividend], rule).slice(1));
    expect(rows[0]).not.toContain('Fee');
    const tax = rows[0]!.indexOf('Tax');
    expect(rows[1]![tax]).toBe('5');
    expect(rows[2]![tax]).toBe('');
  });
});
