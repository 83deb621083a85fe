import * as z from 'zod/mini';
import { ApiError } from '../http';
import { batch, type BatchAnswer, type BatchCall } from '../http/batch';

/**
 * A client's asset lists and their totals on the platform (spec 2 §7 "Assets" and "Asset
 * totals", spec 3 §7; docs/api-contract.md "Assets (issue 15/17)"): the calls, their schemas
 * and the paging rule, shared by the dashboard's managed-assets panel (features/portfolio) and
 * the balance sheet (features/balance-sheet). The platform applies spec 3 §5's filters and the
 * view of the wealth toggle (list_filter); nothing here filters again.
 */

/** Spec 3 §9: investment asset fetch page (50, continued while a page returns 50). */
export const ASSET_PAGE_SIZE = 50;

export type AssetList = 'asset' | 'fund_za' | 'annuity' | 'liability';

/** The views of the balance sheet's 'Your wealth:' toggle, as the platform's list_filter names them. */
export type AssetView = 'managed' | 'non_managed' | 'everything';

/** The asset types in the balance sheet's order (spec 2 §2.5) with the list and its amount field. */
export const ASSET_TYPES: { list: AssetList; amountField: string; label: string }[] = [
  { list: 'asset', amountField: 'amount', label: 'Assets' },
  { list: 'fund_za', amountField: 'fund_value', label: 'Pension assets' },
  { list: 'annuity', amountField: 'current_value', label: 'Annuities' },
  { list: 'liability', amountField: 'amount', label: 'Liabilities' },
];

/** GET entity/client-v4/{id}/total_amount of one list in a view. */
export const totalCall = (entityId: number, list: AssetList, amountField: string, view: AssetView = 'managed'): BatchCall => ({
  path: `entity/client-v4/${entityId}/total_amount?list_name=${list}&amount_field=${amountField}&list_filter=${view}`,
});

/** GET entity/client/{id}/{list}: one page of a list in a view, with the owners. */
export const pageCall = (entityId: number, list: AssetList, page: number, view: AssetView = 'managed'): BatchCall => ({
  path: `entity/client/${entityId}/${list}?list_filter=${view}&include_association=1&page=${page}&page_size=${ASSET_PAGE_SIZE}`,
});

export const bigDecimalSchema = z.object({ _type: z.literal('BigDecimal'), _val: z.string() });
/** An amount, or the text the platform put in its place ("Conversion rate unavailable"). */
export const amountSchema = z.nullish(z.union([bigDecimalSchema, z.string()]));
export type WireAmount = z.output<typeof amountSchema>;

export const totalSchema = z.looseObject({ total_amount: amountSchema, currency: z.string(), count: z.number() });

/** The number of an amount; null for a missing one or the text put in its place. */
export const numberOf = (value: WireAmount): number | null => {
  if (!value || typeof value === 'string') return null;
  const n = Number(value._val);
  return Number.isFinite(n) ? n : null;
};

/** How many pages a list of count records takes. */
export const pagesOf = (count: number) => Math.max(1, Math.ceil(count / ASSET_PAGE_SIZE));

/** A batch answer's body; its error when it failed (the asset fetch then fails, spec 2 §8). */
export function bodyOf(answer: BatchAnswer | undefined): unknown {
  if (!answer) throw new ApiError(0, 'missing batch answer');
  if (!answer.ok) throw answer.error;
  return answer.body;
}

const rowsIn = (body: unknown): number => (Array.isArray(body) ? body.length : 0);

/** A list whose first page came back, with how many records its total counted. */
export interface FirstPage {
  list: AssetList;
  body: unknown;
  count: number;
}

/**
 * The pages after the first of every list whose first page came back full, in the order asked
 * for: the total's count says how many pages remain, so they all go in one more batch, and a last
 * page that is still full (the list grew meanwhile) is followed one page at a time.
 */
export async function remainingPages(entityId: number, view: AssetView, firstPages: FirstPage[], signal?: AbortSignal): Promise<{ list: AssetList; body: unknown }[]> {
  const out: { list: AssetList; body: unknown }[] = [];
  const more: { list: AssetList; page: number }[] = [];
  for (const { list, body, count } of firstPages) {
    if (rowsIn(body) !== ASSET_PAGE_SIZE) continue;
    for (let p = 2; p <= Math.max(2, pagesOf(count)); p++) more.push({ list, page: p });
  }
  while (more.length > 0) {
    const next = await batch(more.map(({ list, page }) => pageCall(entityId, list, page, view)), { signal });
    const following: { list: AssetList; page: number }[] = [];
    more.forEach(({ list, page }, i) => {
      const body = bodyOf(next[i]);
      out.push({ list, body });
      const last = !more.some((m) => m.list === list && m.page > page);
      if (last && rowsIn(body) === ASSET_PAGE_SIZE) following.push({ list, page: page + 1 });
    });
    more.splice(0, more.length, ...following);
  }
  return out;
}
