/**
 * The portfolio screens' rules of spec 2 §4, §5 and §9 as plain functions: settings parsing,
 * which accounts a screen shows and in what order, the tiles-versus-table rule, the rounded
 * shares, and when the performance figure is hidden. No React, no fetching.
 */

/** Spec 2 §5: twrr, irr or none, case-insensitive; anything else is twrr. */
export type ProfitAnalysisType = 'twrr' | 'irr' | 'none';

export function parseProfitAnalysisType(value: unknown): ProfitAnalysisType {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return text === 'irr' || text === 'none' ? text : 'twrr';
}

/** Spec 2 §5: Consolidated, Group by account group, otherwise Split. */
export type PortfolioGrouping = 'Consolidated' | 'AccountGroup' | 'Split';

export function parsePortfolioGrouping(value: unknown): PortfolioGrouping {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'consolidated') return 'Consolidated';
  if (text === 'group by account group' || text === 'accountgroup') return 'AccountGroup';
  return 'Split';
}

/** Spec 2 §9: groupingFilter My when Split, else All. */
export function groupingFilter(grouping: PortfolioGrouping): 'My' | 'All' {
  return grouping === 'Split' ? 'My' : 'All';
}

/** Spec 2 §9 default: AfterFeesAndTaxes, value 1. */
export const AFTER_FEES_AND_TAXES = 1;

/**
 * Spec 2 §5: feesAndTaxes is a number or a list whose first element is parsed as an integer;
 * anything else (or an option outside 0-5) is AfterFeesAndTaxes (1).
 */
export function parseFeesAndTaxes(value: unknown): number {
  const first = Array.isArray(value) ? value[0] : value;
  const parsed = typeof first === 'number' ? first : typeof first === 'string' && /^\s*-?\d+/.test(first) ? Number.parseInt(first, 10) : Number.NaN;
  return Number.isInteger(parsed) && parsed >= 0 && parsed <= 5 ? parsed : AFTER_FEES_AND_TAXES;
}

/** Spec 2 §5: fees, taxes and value after them are each shown, hidden always, or hidden on income. */
export type FeeVisibility = 'Do Not Hide' | 'Hide For All Transactions' | 'Hide For Income Transactions Only';

export function parseFeeVisibility(value: unknown): FeeVisibility {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'hide for all transactions') return 'Hide For All Transactions';
  if (text === 'hide for income transactions only') return 'Hide For Income Transactions Only';
  return 'Do Not Hide';
}

/** Whether a fee-like field is left out of a transaction's details (spec 2 §5). */
export function hidesFeeField(visibility: FeeVisibility, transactionType: 'income' | 'other'): boolean {
  return visibility === 'Hide For All Transactions' || (visibility === 'Hide For Income Transactions Only' && transactionType === 'income');
}

/** Spec 2 §2.2: the table instead of tiles when asked, or past 9 mine, 8 linked or 13 together. */
export function accountSummaryUsesTable(mode: 'tiles' | 'table', myCount: number, linkedCount: number): boolean {
  return mode === 'table' || myCount > 9 || linkedCount > 8 || myCount + linkedCount > 13;
}

/** Spec 2 §2.2: a 'Linked accounts' section unless grouping is Consolidated or AccountGroup. */
export function showsLinkedSection(grouping: PortfolioGrouping): boolean {
  return grouping === 'Split';
}

/**
 * Spec 2 §2.1: the overview's Performance tile (and the chart's performance type) is hidden
 * when profit analysis is None, when TWRR is combined with historic data, or when the
 * overview's accounts are blocked.
 */
export function performanceHidden(type: ProfitAnalysisType, useHistoricData: boolean, blocked: boolean): boolean {
  return type === 'none' || (type === 'twrr' && useHistoricData) || blocked;
}

/** Spec 2 §9: the accounts ordering by reason for visibility (the linked kind last). */
const REASON_ORDER = ['single_owner', 'primary_joint_owner', 'secondary_joint_owner', 'shared_owner', 'explicit_link'];

export interface OrderedAccount {
  reason_for_visibility?: string | null;
  sortOrder?: number | null;
  description: string;
  accountid: number;
}

function reasonRank(reason: string | null | undefined): number {
  const index = REASON_ORDER.indexOf(reason ?? '');
  return index < 0 ? REASON_ORDER.length : index;
}

/** Spec 2 §9: by reason for visibility, then performance sort order, then name and id. */
export function compareAccounts(a: OrderedAccount, b: OrderedAccount): number {
  return (
    reasonRank(a.reason_for_visibility) - reasonRank(b.reason_for_visibility) ||
    (a.sortOrder ?? 0) - (b.sortOrder ?? 0) ||
    a.description.localeCompare(b.description) ||
    a.accountid - b.accountid
  );
}

/** Spec 2 §9: linked when the performance sort order is above 3, or by explicit link. */
export function isLinkedAccount(account: { isLinked?: boolean | null; sortOrder?: number | null; reason_for_visibility?: string | null }): boolean {
  return Boolean(account.isLinked) || (account.sortOrder ?? 0) > 3 || account.reason_for_visibility === 'explicit_link';
}

/** Spec 2 §3: accounts of service type 'Not managed' are left out of the portfolio screens. */
export function isManaged(account: { service_type?: string | null }): boolean {
  return (account.service_type ?? '').trim().toLowerCase() !== 'not managed';
}

/**
 * Spec 2 §4: shares in percent, clamped 0-100, rounded so they add up to 100. Each share is
 * first rounded down; the points still missing go one at a time to the largest remainders,
 * never lifting a share above 99. All-zero input stays all zero.
 */
export function roundShares(values: readonly number[]): number[] {
  const clamped = values.map((value) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0));
  const floors = clamped.map((value) => Math.floor(value));
  if (clamped.every((value) => value === 0)) return floors;
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = clamped
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    if (floors[index]! >= 99) continue;
    floors[index]! += 1;
    missing -= 1;
  }
  return floors;
}

/** Spec 2 §4: a rounded 0 shows as "<1%" unless the share is truly zero. */
export function shareLabel(rounded: number, exact: number): string {
  return rounded === 0 && exact > 0 ? '<1%' : `${rounded}%`;
}

/** Each value's share of their total, in percent (0 for all when the total is not positive). */
export function sharesOf(values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + Math.max(0, value), 0);
  return values.map((value) => (total > 0 ? (Math.max(0, value) / total) * 100 : 0));
}
