import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { batch, type BatchAnswer, type BatchCall } from '../../../shared/http/batch';
import { ApiError, parseAnswer } from '../../../shared/http';

/**
 * The managed-assets panel of an Assets-access dashboard (spec 2 §2.1, §7 "Assets" and "Asset
 * totals"): one batch with the managed total of each asset type
 * (entity/client-v4/{id}/total_amount with list_filter=managed) and the first page of the
 * managed investments, pensions and annuities (the top 3 by value). The platform applies
 * spec 3 §5's filters (package assets); nothing is filtered again here. A list whose first page
 * comes back full (50, spec 3 §9) is followed: the total's count says how many pages remain, so
 * they all go in one more batch (at most 2 round trips), and a last page that is still full
 * (the list grew meanwhile) is followed one page at a time.
 */

/** Spec 3 §9: investment asset fetch page. */
export const ASSET_PAGE_SIZE = 50;

export type AssetList = 'asset' | 'fund_za' | 'annuity' | 'liability';

/** The asset types in the balance sheet's order (spec 2 §2.5) with the list and its amount field. */
export const ASSET_TYPES: { list: AssetList; amountField: string; label: string }[] = [
  { list: 'asset', amountField: 'amount', label: 'Assets' },
  { list: 'fund_za', amountField: 'fund_value', label: 'Pension assets' },
  { list: 'annuity', amountField: 'current_value', label: 'Annuities' },
  { list: 'liability', amountField: 'amount', label: 'Liabilities' },
];

/** The lists whose records are the panel's items (liabilities are owed, not held). */
const ITEM_LISTS: AssetList[] = ['asset', 'fund_za', 'annuity'];

export const totalCall = (entityId: number, list: AssetList, amountField: string): BatchCall => ({
  path: `entity/client-v4/${entityId}/total_amount?list_name=${list}&amount_field=${amountField}&list_filter=managed`,
});

export const pageCall = (entityId: number, list: AssetList, page: number): BatchCall => ({
  path: `entity/client/${entityId}/${list}?list_filter=managed&include_association=1&page=${page}&page_size=${ASSET_PAGE_SIZE}`,
});

const bigDecimal = z.object({ _type: z.literal('BigDecimal'), _val: z.string() });
/** An amount, or the text the platform put in its place ("Conversion rate unavailable"). */
const amount = z.nullish(z.union([bigDecimal, z.string()]));

const totalSchema = z.looseObject({ total_amount: amount, currency: z.string(), count: z.number() });

const rowSchema = z.array(
  z.looseObject({
    index: z.number(),
    currency: z.nullish(z.string()),
    report_currency: z.nullish(z.string()),
    desc: z.nullish(z.string()),
    description: z.nullish(z.string()),
    amount_in_report_currency: amount,
    fund_value_in_report_currency: amount,
    current_value_in_report_currency: amount,
  }),
);

/** One managed asset type's total in the report currency; null when it could not be worked out. */
export interface AssetTypeTotal {
  list: AssetList;
  label: string;
  value: number | null;
  /** The exact decimal the platform sent, for comparisons to the penny. */
  text: string | null;
  currency: string;
  count: number;
}

/** One managed record: the panel's items are the largest of them. */
export interface ManagedAsset {
  key: string;
  list: AssetList;
  description: string;
  value: number;
  currency: string;
}

export interface ManagedAssets {
  totals: AssetTypeTotal[];
  /** Every managed investment, pension and annuity with a value, largest first. */
  items: ManagedAsset[];
}

function bodyOf(answer: BatchAnswer | undefined): unknown {
  if (!answer) throw new ApiError(0, 'missing batch answer');
  if (!answer.ok) throw answer.error;
  return answer.body;
}

const numberOf = (value: z.output<typeof amount>): number | null => {
  if (!value || typeof value === 'string') return null;
  const n = Number(value._val);
  return Number.isFinite(n) ? n : null;
};

/** A list page's records with their report-currency value, in the page's order. */
export function readPage(list: AssetList, body: unknown): ManagedAsset[] {
  const rows = parseAnswer(rowSchema, body, `entity/client/{id}/${list}`);
  const out: ManagedAsset[] = [];
  for (const row of rows) {
    const inReport = list === 'fund_za' ? row.fund_value_in_report_currency : list === 'annuity' ? row.current_value_in_report_currency : row.amount_in_report_currency;
    const value = numberOf(inReport);
    if (value === null) continue;
    out.push({ key: `${list}-${row.index}`, list, description: row.desc ?? row.description ?? '', value, currency: row.report_currency ?? row.currency ?? '' });
  }
  return out;
}

/** The managed records by value, largest first, then by name (a stable order for equal values). */
export function byValue(items: readonly ManagedAsset[]): ManagedAsset[] {
  return [...items].sort((a, b) => b.value - a.value || a.description.localeCompare(b.description));
}

/** How many pages a list of count records takes. */
export const pagesOf = (count: number) => Math.max(1, Math.ceil(count / ASSET_PAGE_SIZE));

export interface ManagedAssetsPlan {
  calls: BatchCall[];
  totals: number[];
  firstPages: { list: AssetList; index: number }[];
}

/** The first round trip: the four totals, then the first page of each item list. */
export function planManagedAssets(entityId: number): ManagedAssetsPlan {
  const calls: BatchCall[] = [];
  const totals = ASSET_TYPES.map((t) => calls.push(totalCall(entityId, t.list, t.amountField)) - 1);
  const firstPages = ITEM_LISTS.map((list) => ({ list, index: calls.push(pageCall(entityId, list, 1)) - 1 }));
  return { calls, totals, firstPages };
}

/**
 * Spec 2 §8: the asset fetch counts as failed when the first result has status 404 or 500; any
 * other failed answer fails the panel too (its figures would not add up).
 */
export function readTotals(plan: ManagedAssetsPlan, answers: BatchAnswer[]): AssetTypeTotal[] {
  return ASSET_TYPES.map((type, i) => {
    const total = parseAnswer(totalSchema, bodyOf(answers[plan.totals[i]!]), 'entity/client-v4/{id}/total_amount');
    const value = numberOf(total.total_amount);
    const text = total.total_amount && typeof total.total_amount !== 'string' ? total.total_amount._val : null;
    return { list: type.list, label: type.label, value, text, currency: total.currency, count: total.count };
  });
}

export async function fetchManagedAssets(entityId: number, signal?: AbortSignal): Promise<ManagedAssets> {
  const plan = planManagedAssets(entityId);
  const answers = await batch(plan.calls, { signal });
  const totals = readTotals(plan, answers);
  const items: ManagedAsset[] = [];
  const more: { list: AssetList; page: number }[] = [];
  for (const { list, index } of plan.firstPages) {
    const page = readPage(list, bodyOf(answers[index]));
    items.push(...page);
    if (parseAnswer(rowSchema, bodyOf(answers[index]), list).length === ASSET_PAGE_SIZE) {
      const count = totals.find((t) => t.list === list)?.count ?? 0;
      for (let p = 2; p <= Math.max(2, pagesOf(count)); p++) more.push({ list, page: p });
    }
  }
  // Continued while a page returns 50 (spec 3 §9): the remaining pages together, then one at a time.
  while (more.length > 0) {
    const next = await batch(more.map(({ list, page }) => pageCall(entityId, list, page)), { signal });
    const following: { list: AssetList; page: number }[] = [];
    more.forEach(({ list, page }, i) => {
      const body = bodyOf(next[i]);
      items.push(...readPage(list, body));
      const last = !more.some((m) => m.list === list && m.page > page);
      if (last && parseAnswer(rowSchema, body, list).length === ASSET_PAGE_SIZE) following.push({ list, page: page + 1 });
    });
    more.splice(0, more.length, ...following);
  }
  return { totals, items: byValue(items) };
}

export const managedAssetsQuery = (entityId: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'managed-assets', entityId],
    queryFn: ({ signal }) => fetchManagedAssets(entityId, signal),
    enabled,
  });
