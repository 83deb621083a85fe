import * as z from 'zod/mini';
import { amountSchema, numberOf, type AssetList, type WireAmount } from '../../shared/api/client-assets';
import { parseAnswer } from '../../shared/http';
import type { CurrencyView } from './balance-sheet-rules';
import { rowFields, type Region } from './regional-fields';

/**
 * A row of one of the balance sheet's lists (spec 2 §3 'Investment row', 'Pension row',
 * 'Annuity row', 'Liability row') read from the platform's answer in the member's region
 * (spec 3 §3.5), and the figures a currency view shows of it.
 */

export interface Money {
  value: number;
  currency: string;
}

export interface AssetOwner {
  id: number;
  name: string;
  /** The owner's share in percent (above 0: the platform sends no others, spec 3 §5). */
  percentage: number;
}

export interface AssetRow {
  key: string;
  list: AssetList;
  index: number;
  description: string;
  /** The type's description (investments), else its type. */
  type: string;
  /** The policy number (asset_number in ZA, NA and AA; fund_or_policy_num for pensions). */
  number: string;
  /** The provider or supplier, by the region's field. */
  provider: string;
  owners: AssetOwner[];
  /** YYYY-MM-DD, when the region records one. */
  valuationDate: string | null;
  /** The value in the record's own currency (its plan currency). */
  plan: Money | null;
  /** The value in the member's reporting currency; null when no rate exists (spec 2 §8). */
  report: Money | null;
  /** The member's share in percent (100 for a record without owner records). */
  percentOwned: number;
  /** The member's share of the value in the record's currency, as the platform worked it out. */
  valueOwned: Money | null;
  contributions: Money | null;
  withdrawals: Money | null;
  crystallised: Money | null;
  uncrystallised: Money | null;
  /** An annuity's income a year (income_value) and how it is paid. */
  income: Money | null;
  frequency: string;
  /** A liability's interest rate in percent. */
  rate: number | null;
}

const text = z.nullish(z.string());
const date = z.nullish(z.union([z.object({ _type: z.literal('Date'), _val: z.string() }), z.string()]));
const percentSchema = z.nullish(z.union([z.object({ _type: z.literal('BigDecimal'), _val: z.string() }), z.number(), z.string()]));

const rowSchema = z.array(
  z.looseObject({
    index: z.number(),
    currency: text,
    report_currency: text,
    desc: text,
    description: text,
    package_name: text,
    type: text,
    type_description: text,
    policy_number: text,
    asset_number: text,
    fund_or_policy_num: text,
    provider: text,
    supplier: text,
    supplier_string: text,
    product_provider: text,
    amount: amountSchema,
    amount_in_report_currency: amountSchema,
    fund_value: amountSchema,
    fund_value_in_plan_currency: amountSchema,
    fund_value_in_report_currency: amountSchema,
    current_value: amountSchema,
    current_value_in_report_currency: amountSchema,
    valuation_date: date,
    fund_valuation_date: date,
    contribution_total: amountSchema,
    withdrawal_total: amountSchema,
    crystallised_fund: amountSchema,
    uncrystallised_fund: amountSchema,
    income_value: amountSchema,
    frequency: text,
    rate: percentSchema,
    percent_owned: percentSchema,
    value_owned: amountSchema,
    owners: z.nullish(
      z.array(
        z.looseObject({
          owner_id: z.number(),
          owner_first_name: text,
          owner_last_name: text,
          owner_name: text,
          percentage: percentSchema,
        }),
      ),
    ),
  }),
);

const dateOf = (value: z.output<typeof date>): string | null => {
  const raw = typeof value === 'string' ? value : (value?._val ?? null);
  return raw && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : null;
};

const percentOf = (value: z.output<typeof percentSchema>): number | null => {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'object' ? Number(value._val) : Number(value);
  return Number.isFinite(n) ? n : null;
};

const moneyOf = (value: WireAmount, currency: string): Money | null => {
  const n = numberOf(value);
  return n === null ? null : { value: n, currency };
};

/** One page of a list as the platform answered it, in the page's order. */
export function readRows(list: AssetList, body: unknown, region: Region): AssetRow[] {
  const fields = rowFields(list, region);
  return parseAnswer(rowSchema, body, `entity/client/{id}/${list}`).map((row) => {
    const currency = row.currency ?? '';
    const reportCurrency = row.report_currency ?? currency;
    const plan = list === 'fund_za' ? (row.fund_value ?? row.fund_value_in_plan_currency) : list === 'annuity' ? row.current_value : row.amount;
    const report = list === 'fund_za' ? row.fund_value_in_report_currency : list === 'annuity' ? row.current_value_in_report_currency : row.amount_in_report_currency;
    const percentOwned = percentOf(row.percent_owned) ?? 100;
    const owners = (row.owners ?? []).map((o) => ({
      id: o.owner_id,
      name: `${o.owner_first_name ?? ''} ${o.owner_last_name ?? ''}`.trim() || (o.owner_name ?? ''),
      percentage: percentOf(o.percentage) ?? 0,
    }));
    return {
      key: `${list}-${row.index}`,
      list,
      index: row.index,
      description: (list === 'liability' ? row.package_name : list === 'annuity' ? row.description : row.desc) ?? row.desc ?? row.description ?? '',
      type: (list === 'asset' ? row.type_description || row.type : row.type) ?? '',
      number: row[fields.number] ?? '',
      provider: row[fields.provider] ?? '',
      owners,
      valuationDate: fields.valuationDate ? dateOf(list === 'fund_za' ? row.fund_valuation_date : row.valuation_date) : null,
      plan: moneyOf(plan, currency),
      report: moneyOf(report, reportCurrency),
      percentOwned,
      valueOwned: moneyOf(row.value_owned, currency),
      contributions: moneyOf(row.contribution_total, currency),
      withdrawals: moneyOf(row.withdrawal_total, currency),
      crystallised: moneyOf(row.crystallised_fund, currency),
      uncrystallised: moneyOf(row.uncrystallised_fund, currency),
      income: moneyOf(row.income_value, currency),
      frequency: row.frequency ?? '',
      rate: percentOf(row.rate),
    };
  });
}

/** The value a currency view shows; null when it needs a rate that does not exist. */
export function shownValue(row: AssetRow, view: CurrencyView): Money | null {
  return view === 'plan' ? row.plan : row.report;
}

/**
 * The member's share of the value in a currency view (spec 3 §5, §9: a joint investment's value
 * share is the percent owned of the value): the platform's value_owned in the plan currency, the
 * same share of the converted value in the reporting one.
 */
export function shownValueOwned(row: AssetRow, view: CurrencyView): Money | null {
  if (view === 'plan') return row.valueOwned ?? (row.plan && { value: (row.plan.value * row.percentOwned) / 100, currency: row.plan.currency });
  return row.report && { value: (row.report.value * row.percentOwned) / 100, currency: row.report.currency };
}

/** Every currency a list's records are held in (multi-currency mode looks at them). */
export function currenciesOf(rows: readonly AssetRow[]): string[] {
  return [...new Set(rows.map((row) => row.plan?.currency ?? '').filter(Boolean))];
}
