import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  ASSET_TYPES,
  bodyOf,
  numberOf,
  pageCall,
  remainingPages,
  totalCall,
  totalSchema,
  type AssetList,
  type AssetView,
} from '../../../shared/api/client-assets';
import { batch, type BatchAnswer, type BatchCall } from '../../../shared/http/batch';
import { parseAnswer } from '../../../shared/http';
import { readRows, type AssetRow } from '../asset-rows';
import { assetTotals, assetsFailure } from '../balance-sheet-rules';
import { regionOf, type Region } from '../regional-fields';

/**
 * The balance sheet's data of one member in one view of the wealth toggle (spec 2 §2.5, §7
 * "Assets", "Asset totals"), in one round trip: the first page of the four lists with their
 * owners (entity/client/{id}/asset, fund_za, annuity, liability with list_filter and
 * include_association), the four totals (entity/client-v4/{id}/total_amount: the count of each
 * tab and its total in the reporting currency) and the member's region (entity/client-v3/{id},
 * whose field sets the rows carry, spec 3 §3.5). A list that runs past a page is followed as the
 * dashboard's panel follows it (shared/api/client-assets.ts). The platform filters (spec 3 §5);
 * nothing is filtered again here.
 *
 * The totals are the platform's rapid totals only where spec 2 §9 allows them (usesRapidTotals:
 * the toggle on and platform 23.5.269 or later); otherwise the batch has no total_amount calls,
 * every page of each list is followed while a page comes back full (spec 3 §9), and each tab's
 * count and total are worked out from the rows (assetTotals).
 */

export interface AssetListData {
  list: AssetList;
  rows: AssetRow[];
  /** How many records the platform counts in the view (the tab's count). */
  count: number;
  /** The list's total in the reporting currency; null when a rate is missing (spec 2 §8). */
  total: number | null;
  /** The exact decimal the platform sent, for comparisons to the penny. */
  totalText: string | null;
  currency: string;
}

export interface BalanceSheetData {
  memberId: number;
  view: AssetView;
  region: Region;
  /** In ?asset= order: investments, pensions, annuities, liabilities. */
  lists: AssetListData[];
}

/** The spec's failure (spec 2 §8) as an error the page shows as it is. */
export class AssetsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssetsError';
  }
}

export interface BalanceSheetPlan {
  calls: BatchCall[];
  pages: number[];
  totals: number[];
  client: number;
}

/**
 * The one batch: the four lists' first pages (the investments first), the four rapid totals when
 * they are used, then the member's region.
 */
export function planBalanceSheet(memberId: number, view: AssetView, rapidTotals = true): BalanceSheetPlan {
  const calls: BatchCall[] = [];
  const pages = ASSET_TYPES.map((t) => calls.push(pageCall(memberId, t.list, 1, view)) - 1);
  const totals = rapidTotals ? ASSET_TYPES.map((t) => calls.push(totalCall(memberId, t.list, t.amountField, view)) - 1) : [];
  const client = calls.push({ path: `entity/client-v3/${memberId}?fields.0=region` }) - 1;
  return { calls, pages, totals, client };
}

const regionSchema = z.looseObject({ region: z.nullish(z.string()) });

/** The member's region; GB when its record did not come (the asset answers alone decide failure). */
function regionIn(answer: BatchAnswer | undefined): Region {
  if (!answer?.ok) return 'GB';
  const parsed = regionSchema.safeParse(answer.body);
  return regionOf(parsed.success ? parsed.data.region : null);
}

export async function fetchBalanceSheet(memberId: number, view: AssetView, rapidTotals: boolean, signal?: AbortSignal): Promise<BalanceSheetData> {
  const plan = planBalanceSheet(memberId, view, rapidTotals);
  const answers = await batch(plan.calls, { signal });
  const failure = assetsFailure([...plan.pages, ...plan.totals].map((i) => answers[i]!));
  if (failure) throw new AssetsError(failure);
  const region = regionIn(answers[plan.client]);
  const lists: AssetListData[] = ASSET_TYPES.map((type, i) => {
    const rows = readRows(type.list, bodyOf(answers[plan.pages[i]!]), region);
    if (!rapidTotals) return { list: type.list, rows, count: 0, total: null, totalText: null, currency: '' };
    const total = parseAnswer(totalSchema, bodyOf(answers[plan.totals[i]!]), 'entity/client-v4/{id}/total_amount');
    const amount = total.total_amount;
    return {
      list: type.list,
      rows,
      count: total.count,
      total: numberOf(amount),
      totalText: amount && typeof amount !== 'string' ? amount._val : null,
      currency: total.currency,
    };
  });
  // Without totals the count is unknown: a full first page is followed page by page.
  const firstPages = lists.map((l, i) => ({ list: l.list, body: bodyOf(answers[plan.pages[i]!]), count: l.count }));
  for (const { list, body } of await remainingPages(memberId, view, firstPages, signal)) {
    lists.find((l) => l.list === list)!.rows.push(...readRows(list, body, region));
  }
  if (!rapidTotals) {
    for (const l of lists) Object.assign(l, assetTotals(l.rows));
    // An empty list's total is in the member's reporting currency, which its other lists name.
    const currency = lists.find((l) => l.currency)?.currency ?? '';
    for (const l of lists) l.currency ||= currency;
  }
  return { memberId, view, region, lists };
}

/** A member's balance sheet in a view: the client's data, gone when the client in context changes. */
export const balanceSheetQuery = (memberId: number, view: AssetView, rapidTotals: boolean, enabled: boolean) =>
  queryOptions({
    queryKey: ['balance-sheet', memberId, view, rapidTotals],
    queryFn: ({ signal }) => fetchBalanceSheet(memberId, view, rapidTotals, signal),
    enabled,
    meta: { scope: 'client' },
  });
