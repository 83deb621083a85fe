/**
 * The Investments tab's rules (spec 2 §2.3, §4, §5, §9) as plain functions: the expand modes,
 * the 'Not available' rule, cash detection, % Amount, sub-position nesting, the currency view
 * and the tab's settings. No React, no fetching.
 */
import { roundShares, shareLabel, sharesOf } from '../../portfolio';
import type { Figure, Figures, Position } from '../api/holdings-positions';

/** Spec 2 §8 and §5 texts. */
export const HOLDINGS_TEXTS = {
  noInvestments: 'There are no investments available for the accounts and dates selected',
  notAvailable: 'Not available',
  conversionUnavailable: 'Conversion rate unavailable',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  whatDoesThisMean: 'What does this mean?',
  toAccountCurrency: 'Convert to account currency',
  toOriginalCurrency: 'Convert to original currency',
  downloadCsv: 'Download CSV',
} as const;

// ---------------------------------------------------------------------------------------------
// Expand modes (spec 2 §2.3)

/** Spec 2 §2.3's four expand modes of investment rows. */
export type ExpandMode = 'ExpandAllPrimaryItem' | 'ExpandAll' | 'CollapseAll' | 'UserToggle';

/**
 * What is expanded. The mode, not a list, decides for ExpandAll, CollapseAll and
 * ExpandAllPrimaryItem, so rows that arrive later (another date, another account) follow it;
 * UserToggle keeps the rows the user left open.
 */
export interface ExpandState {
  mode: ExpandMode;
  open: ReadonlySet<string>;
}

/** An expandable row: an account section (primary) or a position with sub-positions. */
export interface Expandable {
  key: string;
  primary: boolean;
}

/** Spec 2 §2.3: ExpandAllPrimaryItem when rows start expanded, otherwise everything closed. */
export function initialExpandState(expandedByDefault: boolean): ExpandState {
  return { mode: expandedByDefault ? 'ExpandAllPrimaryItem' : 'CollapseAll', open: new Set() };
}

export function isExpanded(state: ExpandState, item: Expandable): boolean {
  switch (state.mode) {
    case 'ExpandAll':
      return true;
    case 'CollapseAll':
      return false;
    case 'ExpandAllPrimaryItem':
      return item.primary;
    case 'UserToggle':
      return state.open.has(item.key);
  }
}

export type ExpandAction = { type: 'expandAll' } | { type: 'collapseAll' } | { type: 'toggle'; item: Expandable; items: readonly Expandable[] };

/**
 * The 'Expand all' and 'Collapse all' links set their mode; a click on one row turns what is
 * open now into UserToggle's own list and flips that row.
 */
export function expandReducer(state: ExpandState, action: ExpandAction): ExpandState {
  switch (action.type) {
    case 'expandAll':
      return { mode: 'ExpandAll', open: new Set() };
    case 'collapseAll':
      return { mode: 'CollapseAll', open: new Set() };
    case 'toggle': {
      const open = new Set(action.items.filter((item) => isExpanded(state, item)).map((item) => item.key));
      if (open.has(action.item.key)) open.delete(action.item.key);
      else open.add(action.item.key);
      return { mode: 'UserToggle', open };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Cash (spec 2 §9)

/** Spec 2 §9: a value equal to cash, starting with "cash." or ending ".cash", ignoring case. */
export function isCashValue(value: string | null | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  return text === 'cash' || text.startsWith('cash.') || text.endsWith('.cash');
}

/** A position is cash when its code or its asset class says so (spec 2 §9). */
export function isCash(position: Pick<Position, 'code' | 'assetClassCode'>): boolean {
  return isCashValue(position.code) || isCashValue(position.assetClassCode);
}

// ---------------------------------------------------------------------------------------------
// Currency view and 'Not available' (spec 2 §2.3, §5)

/** Per account: the account's plan currency (default) or each security's own currency. */
export type CurrencyView = 'account' | 'original';

export function figuresIn(position: Position, view: CurrencyView): Figures {
  return view === 'original' ? position.native : position.plan;
}

/** GBX and GBP convert at a fixed 1/100, not at a published rate, so a cost moves with them. */
function fixedFactor(a: string, b: string): boolean {
  const pair = [a.toUpperCase(), b.toUpperCase()].sort().join('/');
  return a.toUpperCase() === b.toUpperCase() || pair === 'GBP/GBX';
}

/**
 * Spec 2 §5: book cost and unrealised gain show 'Not available' when the book cost is zero or
 * when the position is shown in the plan currency converted from another currency (a historic
 * cost is not restated at today's rate). A reason the platform gave instead of the figure
 * ("Conversion rate unavailable") is shown as it is.
 */
export function costAndGain(position: Position, view: CurrencyView): { cost: Figure; gain: Figure } {
  const figures = figuresIn(position, view);
  const converted = view === 'account' && !fixedFactor(position.native.currency, position.plan.currency);
  const nativeCost = position.native.cost;
  const zeroCost = 'amount' in nativeCost ? nativeCost.amount === 0 : 'amount' in figures.cost && figures.cost.amount === 0;
  if (zeroCost || converted) return { cost: { reason: HOLDINGS_TEXTS.notAvailable }, gain: { reason: HOLDINGS_TEXTS.notAvailable } };
  return { cost: figures.cost, gain: 'reason' in figures.cost ? figures.cost : figures.gain };
}

// ---------------------------------------------------------------------------------------------
// % Amount (spec 2 §4)

/**
 * Each row's share of its account's value, rounded to whole percentages adding up to 100 with
 * "<1%" for a rounded 0 that is not truly zero (spec 2 §4). Shares use the base-currency value,
 * the same in either currency view; a row without a value gets no share ('').
 */
export function amountShares(rows: readonly Pick<Position, 'baseValue'>[]): string[] {
  const valued = rows.map((row) => ('amount' in row.baseValue ? row.baseValue.amount : null));
  const present = valued.filter((v): v is number => v !== null);
  const exact = sharesOf(present);
  const rounded = roundShares(exact);
  let next = 0;
  return valued.map((v) => {
    if (v === null) return '';
    const i = next++;
    return shareLabel(rounded[i]!, exact[i]!);
  });
}

// ---------------------------------------------------------------------------------------------
// Sub-positions (spec 2 §2.3) and account sections

/**
 * A row of the table: a holding. A whole one has no parts; a split one (spec 2 §2.3's
 * sub-positions) lists every part, nested beneath the row, which shows their sum.
 */
export interface PositionRow {
  key: string;
  /** The holding's first part (its name, code, currencies). */
  position: Position;
  parts: Position[];
}

/**
 * Nests sub-positions (spec 2 §2.3): parts of one holding (same account and security, each
 * with a split_index) make one row, parts ordered by index. Rows keep the platform's order;
 * cash goes last in its account (spec 2 §9's rule).
 */
export function nestPositions(positions: readonly Position[]): PositionRow[] {
  const rows: PositionRow[] = [];
  const byHolding = new Map<string, PositionRow>();
  for (const position of positions) {
    const holding = position.securityId === null || position.splitIndex === null ? null : `${position.accountId}|${position.securityId}`;
    const existing = holding ? byHolding.get(holding) : undefined;
    if (existing) {
      existing.parts.push(position);
      continue;
    }
    const row: PositionRow = { key: position.positionId, position, parts: holding ? [position] : [] };
    rows.push(row);
    if (holding) byHolding.set(holding, row);
  }
  for (const row of rows) {
    if (row.parts.length === 1) row.parts = [];
    row.parts.sort((a, b) => (a.splitIndex ?? 0) - (b.splitIndex ?? 0));
    if (row.parts.length) row.position = row.parts[0]!;
  }
  const rank = (row: PositionRow) => (isCash(row.position) ? 1 : 0);
  return rows.map((row, i) => ({ row, i })).sort((a, b) => rank(a.row) - rank(b.row) || a.i - b.i).map(({ row }) => row);
}

/** The positions a row stands for: its parts, or itself. */
export const rowPositions = (row: PositionRow): Position[] => (row.parts.length ? row.parts : [row.position]);

/** A row's figures in a currency view: a whole holding's own, a split one's summed over its parts. */
export function rowFigures(row: PositionRow, view: CurrencyView): { units: number | null; value: Figure; cost: Figure; gain: Figure; baseValue: Figure } {
  const list = rowPositions(row);
  const each = list.map((p) => ({ value: figuresIn(p, view).value, ...costAndGain(p, view) }));
  if (list.length === 1) return { units: list[0]!.units, baseValue: list[0]!.baseValue, ...each[0]! };
  const sum = (figures: Figure[]): Figure => totalOf(figures) ?? figures.find((f) => 'reason' in f) ?? { reason: HOLDINGS_TEXTS.notAvailable };
  const units = list.every((p) => p.units !== null) ? Math.round(list.reduce((s, p) => s + p.units! * 10_000, 0)) / 10_000 : null;
  return {
    units,
    value: sum(each.map((e) => e.value)),
    cost: sum(each.map((e) => e.cost)),
    gain: sum(each.map((e) => e.gain)),
    baseValue: sum(list.map((p) => p.baseValue)),
  };
}

/** One account's section of the Investments tab. */
export interface AccountSection {
  accountId: number;
  name: string;
  planCurrency: string;
  rows: PositionRow[];
  /** Whether converting between account and original currency changes anything. */
  multiCurrency: boolean;
}

/** The accounts with positions, in the selection's order (accounts the selection does not name last). */
export function accountSections(positions: readonly Position[], accountOrder: readonly number[], names: ReadonlyMap<number, string>): AccountSection[] {
  const byAccount = new Map<number, Position[]>();
  for (const p of positions) byAccount.set(p.accountId, [...(byAccount.get(p.accountId) ?? []), p]);
  const ids = [...accountOrder.filter((id) => byAccount.has(id)), ...[...byAccount.keys()].filter((id) => !accountOrder.includes(id))];
  return ids.map((accountId) => {
    const list = byAccount.get(accountId)!;
    const planCurrency = list[0]!.plan.currency;
    return {
      accountId,
      name: names.get(accountId) ?? `Account ${accountId}`,
      planCurrency,
      rows: nestPositions(list),
      multiCurrency: list.some((p) => p.native.currency.toUpperCase() !== planCurrency.toUpperCase()),
    };
  });
}

/** A column total: the sum in one currency to the penny, or null when rows differ in currency or lack the figure. */
export function totalOf(figures: readonly Figure[]): { amount: number; currency: string } | null {
  let cents = 0;
  let currency: string | null = null;
  for (const f of figures) {
    if (!('amount' in f)) return null;
    if (currency !== null && currency !== f.currency) return null;
    currency = f.currency;
    cents += Math.round(f.amount * 100);
  }
  return currency === null ? null : { amount: cents / 100, currency };
}

// ---------------------------------------------------------------------------------------------
// Settings (spec 2 §5)

/** Spec 2 §5: income/yield and unrealised gain options. */
export type ColumnOption = 'All' | 'SecurityLevelOnly' | 'None';

export function parseColumnOption(value: unknown, fallback: ColumnOption): ColumnOption {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'all') return 'All';
  if (text === 'securitylevelonly') return 'SecurityLevelOnly';
  if (text === 'none') return 'None';
  return fallback;
}

export interface InvestmentsSettings {
  expandedByDefault: boolean;
  incomeAndYield: ColumnOption;
  unrealisedGain: ColumnOption;
}

function analysisSettings(settings: unknown): Record<string, unknown> {
  const analysis = settings && typeof settings === 'object' ? (settings as Record<string, unknown>).analysis : undefined;
  return analysis && typeof analysis === 'object' ? (analysis as Record<string, unknown>) : {};
}

/** The tab's switches from the site configuration (settings.analysis.investments), with defaults. */
export function investmentsSettings(settings: unknown): InvestmentsSettings {
  const raw = analysisSettings(settings).investments;
  const own = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    expandedByDefault: own.expandedByDefault !== false,
    // The spec's column list has no income or yield: shown only when the site asks.
    incomeAndYield: parseColumnOption(own.incomeAndYield, 'None'),
    unrealisedGain: parseColumnOption(own.unrealisedGain, 'All'),
  };
}

/** Reads settings.analysis (shared with allocation-rules). */
export { analysisSettings };
