import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { batch, type BatchAnswer, type BatchCall } from '../../../shared/http/batch';
import { parseAnswer } from '../../../shared/http';
import {
  amountSchema as amount,
  ASSET_TYPES,
  bodyOf,
  numberOf,
  pageCall,
  remainingPages,
  totalCall,
  totalSchema,
  type AssetList,
} from '../../../shared/api/client-assets';

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

export { ASSET_PAGE_SIZE, ASSET_TYPES, pagesOf, type AssetList } from '../../../shared/api/client-assets';

/** The lists whose records are the panel's items (liabilities are owed, not held). */
const ITEM_LISTS: AssetList[] = ['asset', 'fund_za', 'annuity'];

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
  const firstPages = plan.firstPages.map(({ list, index }) => {
    const body = bodyOf(answers[index]);
    items.push(...readPage(list, body));
    return { list, body, count: totals.find((t) => t.list === list)?.count ?? 0 };
  });
  // Continued while a page returns 50 (spec 3 §9): the remaining pages together, then one at a time.
  for (const { list, body } of await remainingPages(entityId, 'managed', firstPages, signal)) items.push(...readPage(list, body));
  return { totals, items: byValue(items) };
}

export const managedAssetsQuery = (entityId: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'managed-assets', entityId],
    queryFn: ({ signal }) => fetchManagedAssets(entityId, signal),
    enabled,
  });
