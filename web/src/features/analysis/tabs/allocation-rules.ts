/**
 * The Allocation tab's rules (spec 2 §2.3, §4, §5): which data types show, how positions are
 * grouped by asset class, sector and geographic region, the chart type of each, and whether
 * the panels start collapsed. No React, no fetching.
 */
import { roundShares, shareLabel, sharesOf } from '../../portfolio';
import type { Position } from '../api/holdings-positions';
import { analysisSettings, isCash } from './holdings-rules';

/** The data types of spec 2 §2.3 (asset is the default). */
export type AllocationDataType = 'asset' | 'sector' | 'geography';

export const ALLOCATION_DATA_TYPES: readonly AllocationDataType[] = ['asset', 'sector', 'geography'];

export const ALLOCATION_TEXTS = {
  headings: { asset: 'Asset class', sector: 'Sector', geography: 'Geographic region' } as Record<AllocationDataType, string>,
  cash: 'Cash',
  unclassified: 'Unclassified',
} as const;

/** Spec 2 §2.3: asset and geography use pie, sector column, others line. */
export type AllocationChartType = 'pie' | 'column' | 'line';

export function allocationChartType(dataType: string): AllocationChartType {
  if (dataType === 'asset' || dataType === 'geography') return 'pie';
  if (dataType === 'sector') return 'column';
  return 'line';
}

/** Spec 2 §2.3: panels are collapsed by default when more than one type is shown. */
export function panelsStartCollapsed(shownTypes: readonly AllocationDataType[]): boolean {
  return shownTypes.length > 1;
}

/** Spec 2 §5: Principal uses the asset class code when the principal asset class view is on; otherwise Detailed. */
export type AssetAllocationMethod = 'Principal' | 'Detailed';

export function assetAllocationMethod(principalAssetClassView: boolean): AssetAllocationMethod {
  return principalAssetClassView ? 'Principal' : 'Detailed';
}

export interface AllocationSettings {
  /** The types shown, in the spec's order; the tab is not offered when empty (spec 2 §2.3). */
  dataTypes: AllocationDataType[];
  method: AssetAllocationMethod;
}

/**
 * settings.analysis.allocation: { showAssetClass, showSector, showGeographicRegion (each
 * default true), principalAssetClassView (default false) }.
 */
export function allocationSettings(settings: unknown): AllocationSettings {
  const raw = analysisSettings(settings).allocation;
  const own = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const shows: Record<AllocationDataType, unknown> = { asset: own.showAssetClass, sector: own.showSector, geography: own.showGeographicRegion };
  return {
    dataTypes: ALLOCATION_DATA_TYPES.filter((type) => shows[type] !== false),
    method: assetAllocationMethod(own.principalAssetClassView === true),
  };
}

/** One position's part of a group: what the expanded row shows (investment, account, amount). */
export interface AllocationItem {
  positionId: string;
  investment: string;
  accountId: number;
  account: string;
  amount: number;
}

export interface AllocationGroup {
  name: string;
  amount: number;
  /** The exact share in percent, and its label rounded to add up to 100 with "<1%" (spec 2 §4). */
  share: number;
  label: string;
  items: AllocationItem[];
}

export interface Allocation {
  /** The firm's base currency, in which every position's value is given. */
  currency: string;
  total: number;
  groups: AllocationGroup[];
}

/**
 * Splits value (in cents) by look-through shares in percentage points. The cents left by
 * rounding go to the largest part, so the parts add up to the value; shares adding up to less
 * than 100 leave the rest unclassified.
 */
function splitCents(cents: number, shares: Record<string, number>): [string, number][] {
  const entries = Object.entries(shares).filter(([, points]) => Number.isFinite(points) && points > 0);
  const sum = entries.reduce((s, [, points]) => s + points, 0);
  if (entries.length === 0) return [];
  const scale = sum > 100 ? 100 / sum : 1;
  const parts: [string, number][] = entries.map(([name, points]) => [name, Math.round((cents * points * scale) / 100)]);
  const rest = cents - parts.reduce((s, [, c]) => s + c, 0);
  const unclassifiedPoints = 100 - sum * scale;
  if (unclassifiedPoints > 0.005) {
    parts.push([ALLOCATION_TEXTS.unclassified, rest]);
  } else if (rest !== 0) {
    const largest = parts.reduce((best, part, i) => (part[1] > parts[best]![1] ? i : best), 0);
    parts[largest]![1] += rest;
  }
  return parts.filter(([, c]) => c !== 0);
}

function wholeOf(position: Position, name: string | null): string {
  if (isCash(position)) return ALLOCATION_TEXTS.cash;
  return name ?? ALLOCATION_TEXTS.unclassified;
}

/** The parts of one position's base-currency value under a data type, in cents. */
export function positionParts(position: Position, dataType: AllocationDataType, method: AssetAllocationMethod): [string, number][] {
  if (!('amount' in position.baseValue)) return [];
  const cents = Math.round(position.baseValue.amount * 100);
  if (dataType === 'sector') return [[wholeOf(position, position.sectorName), cents]];
  if (dataType === 'asset') {
    const detailed = method === 'Detailed' && !isCash(position) ? splitCents(cents, position.assetClassAllocation) : [];
    return detailed.length ? detailed : [[wholeOf(position, position.assetClassCode), cents]];
  }
  const regions = isCash(position) ? [] : splitCents(cents, position.regionalAllocation);
  return regions.length ? regions : [[wholeOf(position, null), cents]];
}

/** The holding a position belongs to: the parts of a split holding (spec 2 §3 split_index) share one. */
const holdingKey = (position: Position) =>
  position.splitIndex !== null && position.securityId !== null ? `${position.accountId}|${position.securityId}` : position.positionId;

/**
 * Groups the selection's positions by a data type: each group's amount, its share of the total
 * and the holdings in it (the parts of a split holding make one item, their amounts summed),
 * largest group first. A position without a value (no rate, no price) is left out: it cannot
 * be added to the others.
 */
export function allocate(positions: readonly Position[], dataType: AllocationDataType, method: AssetAllocationMethod, accountName: (id: number) => string): Allocation {
  const groups = new Map<string, { cents: number; items: Map<string, AllocationItem & { cents: number }> }>();
  let currency = '';
  for (const position of positions) {
    if ('currency' in position.baseValue) currency ||= position.baseValue.currency;
    for (const [name, cents] of positionParts(position, dataType, method)) {
      const group = groups.get(name) ?? { cents: 0, items: new Map() };
      group.cents += cents;
      const key = holdingKey(position);
      const item = group.items.get(key) ?? { positionId: position.positionId, investment: position.description, accountId: position.accountId, account: accountName(position.accountId), amount: 0, cents: 0 };
      item.cents += cents;
      group.items.set(key, item);
      groups.set(name, group);
    }
  }
  const list = [...groups.entries()].sort((a, b) => b[1].cents - a[1].cents || a[0].localeCompare(b[0]));
  const exact = sharesOf(list.map(([, g]) => g.cents));
  const rounded = roundShares(exact);
  const totalCents = list.reduce((s, [, g]) => s + g.cents, 0);
  return {
    currency,
    total: totalCents / 100,
    groups: list.map(([name, g], i) => ({
      name,
      amount: g.cents / 100,
      share: exact[i]!,
      label: shareLabel(rounded[i]!, exact[i]!),
      items: [...g.items.values()]
        .map(({ cents, ...item }) => ({ ...item, amount: cents / 100 }))
        .sort((a, b) => b.amount - a.amount || a.investment.localeCompare(b.investment)),
    })),
  };
}
