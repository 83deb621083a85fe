import type { AssetList, AssetView } from '../../shared/api/client-assets';
import { versionAtLeast } from '../../shared/format/platform-version';
import type { BatchAnswer } from '../../shared/http/batch';
import { BALANCE_SHEET_TEXTS } from './balance-sheet-texts';

/**
 * The balance sheet's rules (spec 2 §2.5, §4, §8, §9) as pure functions: the views the site
 * shows and the one it starts with, the tabs and their labels, the address (?id=&asset=), the
 * failed-fetch rule and the currency view.
 */

/** The lists in the order of the tabs and of ?asset= (0 investments, 1 pensions, 2 annuities, 3 liabilities). */
export const ASSET_LISTS: readonly AssetList[] = ['asset', 'fund_za', 'annuity', 'liability'];

/** The views in the toggle's order with their labels (spec 2 §2.5, §9). */
export const VIEWS: readonly AssetView[] = ['managed', 'non_managed', 'everything'];
export const VIEW_LABELS: Record<AssetView, string> = { managed: 'Managed', non_managed: 'Non-managed', everything: 'Everything' };

/** A view as a site configuration may name it: the label, the platform's name, or §4's "all". */
export function viewOf(name: unknown): AssetView | null {
  if (typeof name !== 'string') return null;
  const key = name.trim().toLowerCase().replace(/[\s_-]+/g, '');
  if (key === 'managed') return 'managed';
  if (key === 'nonmanaged') return 'non_managed';
  if (key === 'everything' || key === 'all') return 'everything';
  return null;
}

export interface ViewSettings {
  /** The views the toggle offers, in the toggle's order; none: the page says viewing is disabled. */
  views: AssetView[];
  /** The view the page opens with; null when no view is shown. */
  initial: AssetView | null;
}

/**
 * The site's balance-sheet settings (`settings.balanceSheet`): `displayedViews` lists the views
 * shown (default all three, spec 2 §9), `displayView` is the site display-view setting, the view
 * the page opens with when it is shown, else Managed when shown, else the first shown.
 */
export function balanceSheetViews(raw: unknown): ViewSettings {
  const settings = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const listed = Array.isArray(settings.displayedViews) ? settings.displayedViews.map(viewOf) : null;
  const views = listed ? VIEWS.filter((view) => listed.includes(view)) : [...VIEWS];
  const wanted = viewOf(settings.displayView);
  const initial = wanted && views.includes(wanted) ? wanted : views.includes('managed') ? 'managed' : (views[0] ?? null);
  return { views, initial };
}

/** Spec 2 §2.5: each tab's singular and plural label. */
export const TAB_LABELS: Record<AssetList, { one: string; many: string }> = {
  asset: { one: 'Asset', many: 'Assets' },
  fund_za: { one: 'Pension asset', many: 'Pension assets' },
  annuity: { one: 'Annuity', many: 'Annuities' },
  liability: { one: 'Liability', many: 'Liabilities' },
};

/** A tab's label with its count: "1 Annuity", "2 Assets", "0 Liabilities". */
export function tabLabel(list: AssetList, count: number): string {
  return `${count} ${count === 1 ? TAB_LABELS[list].one : TAB_LABELS[list].many}`;
}

/** ?asset= as a tab index: 0 to 3; anything else (or nothing) is the first tab. */
export function assetIndexOf(search: URLSearchParams): number {
  const value = search.get('asset');
  return value !== null && /^[0-3]$/.test(value) ? Number(value) : 0;
}

/** ?id= as a member's entity id; null when absent or not an id. */
export function memberIdOf(search: URLSearchParams): number | null {
  const value = search.get('id');
  return value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/**
 * The tab shown (spec 2 §2.5): the chosen one when it has data, otherwise the first tab with
 * data; null when no tab has any (the page shows the empty text).
 */
export function shownTab(chosen: number, counts: readonly number[]): number | null {
  if ((counts[chosen] ?? 0) > 0) return chosen;
  const first = counts.findIndex((count) => count > 0);
  return first === -1 ? null : first;
}

/**
 * What the asset fetch's answers make of it (spec 2 §8, spec 3 §8): it has failed, with 'There
 * was a problem retrieving one or more assets.', when its first failing result has status 404
 * or 500; another failure (a refusal, a bad request) shows the platform's user_message, or the
 * same text without one. Null when every result came back.
 */
export function assetsFailure(answers: readonly BatchAnswer[]): string | null {
  const failed = answers.find((answer) => !answer.ok);
  if (!failed || failed.ok) return null;
  if (failed.status === 404 || failed.status === 500) return BALANCE_SHEET_TEXTS.assetsError;
  return failed.error.user_message || BALANCE_SHEET_TEXTS.assetsError;
}

/** Spec 2 §4: values in each record's own (plan) currency, or all in the client's reporting currency. */
export type CurrencyView = 'plan' | 'report';

/**
 * Multi-currency mode (spec 2 §2.5, §6): the multi-currency toggle is on and some record is held
 * in another currency than the reporting one. Only then is the currency menu shown.
 */
export function isMultiCurrency(toggleOn: boolean, currencies: readonly string[], reportCurrency: string): boolean {
  return toggleOn && currencies.some((currency) => currency !== '' && currency.toUpperCase() !== reportCurrency.toUpperCase());
}

/** Spec 2 §4: the currency view starts as plan for a multi-currency client, else reporting. */
export const initialCurrencyView = (multiCurrency: boolean): CurrencyView => (multiCurrency ? 'plan' : 'report');

/**
 * Whose balance sheet shows (spec 2 §2.5 ?id={memberId}): the client's own without an id or with
 * its own; a related entity's once the members are known and it is one of them; the client's own
 * for an id that is not (an old link, another household). Null while the members load.
 */
export function memberToShow(selfId: number, wanted: number | null, members: readonly { entityId: number }[] | null): number | null {
  if (wanted === null || wanted === selfId) return selfId;
  if (members === null) return null;
  return members.some((m) => m.entityId === wanted) ? wanted : selfId;
}

/** Spec 2 §9, spec 3 §6, §9: the platform version from which the balance sheet uses its rapid totals. */
export const RAPID_TOTALS_MIN_VERSION = '23.5.269';

/**
 * The toggle of spec 3 §6's "feature-toggled visibility rule" for the member totals: the
 * account-visibility toggle (spec 2 §6 "account visibility").
 */
export const RAPID_TOTALS_TOGGLE = 'account-visibility';

/**
 * Whether a member's tab counts and list totals come from the platform's rapid totals
 * (entity/client-v4/{id}/total_amount, spec 2 §7 "Asset totals"): only with the toggle on and a
 * platform of version 23.5.269 or later, compared part by part; an unknown version is older.
 * Otherwise they are worked out from the member's whole lists (assetTotals).
 */
export function usesRapidTotals(toggleOn: boolean, version: string | null | undefined): boolean {
  return toggleOn && versionAtLeast(version, RAPID_TOTALS_MIN_VERSION);
}

/** A list's count and total worked out from its rows, as total_amount would answer them. */
export interface RowTotals {
  count: number;
  /** In the reporting currency; null when a row has no rate to it (spec 2 §8). */
  total: number | null;
  /** The total to the penny, as the platform writes a BigDecimal of 2 places. */
  totalText: string | null;
  /** The rows' reporting currency; '' for an empty list. */
  currency: string;
}

/**
 * The member totals without rapid totals: each list's records counted and their values in the
 * reporting currency added up in pence, so that the sum is exact to the penny as the platform's
 * would be. A record without a rate makes the total unavailable.
 */
export function assetTotals(rows: readonly { report: { value: number; currency: string } | null }[]): RowTotals {
  let pence = 0;
  let missing = false;
  for (const row of rows) {
    if (row.report === null) missing = true;
    else pence += Math.round(row.report.value * 100);
  }
  const currency = rows.find((row) => row.report)?.report?.currency ?? '';
  if (missing) return { count: rows.length, total: null, totalText: null, currency };
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return { count: rows.length, total: pence / 100, totalText: text, currency };
}
