import { describe, expect, it } from 'vitest';
import { allocate, allocationChartType, allocationSettings, assetAllocationMethod, panelsStartCollapsed, positionParts } from './allocation-rules';
import { position } from './holdings-fixtures';

const names = (id: number) => ({ 1: 'Stocks & Shares ISA', 2: 'General Investment Account' })[id] ?? `Account ${id}`;

// A global equity fund (look-through 98 % equity, 2 % cash; 62 % North America, 38 % Europe),
// a balanced fund (60 % equity, 30 % fixed income, 10 % property), cash, and a share with no
// look-through at all.
const positions = [
  position({
    positionId: '1-10',
    accountId: 1,
    description: 'Harbour Global Equity Fund Acc',
    value: 1000,
    assetClassCode: 'Equity',
    sectorName: 'Global',
    assetClassAllocation: { Equity: 98, Cash: 2 },
    regionalAllocation: { 'North America': 62, 'Europe ex UK': 38 },
  }),
  position({
    positionId: '2-20',
    accountId: 2,
    securityId: 20,
    description: 'Harbour Balanced Portfolio Fund Acc',
    value: 500,
    assetClassCode: 'Multi-Asset',
    sectorName: 'Mixed Investment 40-85% Shares',
    assetClassAllocation: { Equity: 60, 'Fixed Income': 30, Property: 10 },
    regionalAllocation: { UK: 100 },
  }),
  position({ positionId: '1-CASH.GBP', accountId: 1, securityId: null, description: 'Sterling cash', code: 'CASH.GBP', value: 250.5, assetClassCode: null, sectorName: null }),
  position({ positionId: '2-30', accountId: 2, securityId: 30, description: 'Avon Rail plc', value: 49.5, assetClassCode: 'Equity', sectorName: 'Industrials' }),
  position({ positionId: '2-40', accountId: 2, securityId: 40, description: 'Unpriced Ltd', baseValue: { reason: 'Not available' } }),
];

const table = (type: 'asset' | 'sector' | 'geography', method: 'Principal' | 'Detailed' = 'Detailed') =>
  allocate(positions, type, method, names).groups.map((g) => [g.name, g.amount, g.label]);

describe('allocation grouping (spec 2 §2.3, §5)', () => {
  it('Detailed splits each value by its asset-class look-through, cash and plain shares whole', () => {
    // Equity: 980 + 300 + 49.50 = 1329.50; Fixed Income 150; Property 50; Cash: 20 + 250.50 = 270.50.
    // Total 1800. Shares: 73.861, 8.333, 2.778, 15.028 -> floors 73, 8, 2, 15 = 98; the two
    // points to the largest remainders (.861, .778): 74, 8, 3, 15.
    expect(table('asset')).toEqual([
      ['Equity', 1329.5, '74%'],
      ['Cash', 270.5, '15%'],
      ['Fixed Income', 150, '8%'],
      ['Property', 50, '3%'],
    ]);
  });

  it('Principal groups each whole value by its asset class code', () => {
    // Equity 1000 + 49.50 = 1049.50; Multi-Asset 500; Cash 250.50 (the cash rule). Shares of
    // 1800: 58.306, 27.778, 13.917 -> 58, 27, 13 = 98; points to .917 and .778: 58, 28, 14.
    expect(table('asset', 'Principal')).toEqual([
      ['Equity', 1049.5, '58%'],
      ['Multi-Asset', 500, '28%'],
      ['Cash', 250.5, '14%'],
    ]);
  });

  it('sums sectors by sector name, cash as Cash', () => {
    // 1000, 500, 250.50, 49.50 of 1800: 55.556, 27.778, 13.917, 2.75 -> 55, 27, 13, 2 = 97;
    // three points to .917, .778, .75: 55, 28, 14, 3.
    expect(table('sector')).toEqual([
      ['Global', 1000, '55%'],
      ['Mixed Investment 40-85% Shares', 500, '28%'],
      ['Cash', 250.5, '14%'],
      ['Industrials', 49.5, '3%'],
    ]);
  });

  it('sums regions by regional look-through; without one a holding is Unclassified, cash is Cash', () => {
    // North America 620, Europe ex UK 380, UK 500, Cash 250.50, Unclassified 49.50.
    expect(table('geography').map(([name, amount]) => [name, amount])).toEqual([
      ['North America', 620],
      ['UK', 500],
      ['Europe ex UK', 380],
      ['Cash', 250.5],
      ['Unclassified', 49.5],
    ]);
  });

  it('lists the investment, account and amount of each part, and leaves out a holding without a value', () => {
    const allocation = allocate(positions, 'asset', 'Detailed', names);
    expect(allocation.total).toBe(1800);
    expect(allocation.currency).toBe('GBP');
    expect(allocation.groups[0]!.items.map((i) => [i.investment, i.account, i.amount])).toEqual([
      ['Harbour Global Equity Fund Acc', 'Stocks & Shares ISA', 980],
      ['Harbour Balanced Portfolio Fund Acc', 'General Investment Account', 300],
      ['Avon Rail plc', 'General Investment Account', 49.5],
    ]);
    expect(allocation.groups.flatMap((g) => g.items).some((i) => i.investment === 'Unpriced Ltd')).toBe(false);
  });

  it('lists the parts of a split holding as one investment, their amounts summed to the penny', () => {
    // Two parts of HVGEA in the ISA (split_index 0 and 1) worth 600.10 and 399.95, plus another
    // account's whole holding of it: one item of 1,000.05 for the ISA, one of 20 for the GIA.
    const parts = [
      position({ positionId: '1-10-0', splitIndex: 0, value: 600.1, assetClassCode: 'Equity' }),
      position({ positionId: '1-10-1', splitIndex: 1, value: 399.95, assetClassCode: 'Equity' }),
      position({ positionId: '2-10', accountId: 2, value: 20, assetClassCode: 'Equity' }),
    ];
    const [equity] = allocate(parts, 'asset', 'Principal', names).groups;
    expect(equity!.amount).toBe(1020.05);
    expect(equity!.items.map((i) => [i.positionId, i.account, i.amount])).toEqual([
      ['1-10-0', 'Stocks & Shares ISA', 1000.05],
      ['2-10', 'General Investment Account', 20],
    ]);
  });

  it('splits to the penny: the rounding cent goes to the largest part, an incomplete look-through leaves the rest unclassified', () => {
    // 100.01 by thirds: 33.337 each -> 33.34 + 33.34 + 33.34 = 100.02, one cent too many, taken from the first largest.
    const thirds = position({ value: 100.01, assetClassAllocation: { A: 100 / 3, B: 100 / 3, C: 100 / 3 } });
    expect(positionParts(thirds, 'asset', 'Detailed')).toEqual([
      ['A', 3333],
      ['B', 3334],
      ['C', 3334],
    ]);
    const partial = position({ value: 200, regionalAllocation: { UK: 75 } });
    expect(positionParts(partial, 'geography', 'Detailed')).toEqual([
      ['UK', 15000],
      ['Unclassified', 5000],
    ]);
  });
});

describe('allocation choices (spec 2 §2.3, §5)', () => {
  it('draws asset class and geography as pie, sector as column, anything else as line', () => {
    expect(allocationChartType('asset')).toBe('pie');
    expect(allocationChartType('geography')).toBe('pie');
    expect(allocationChartType('sector')).toBe('column');
    expect(allocationChartType('currency')).toBe('line');
  });

  it('collapses the panels by default only when more than one type is shown', () => {
    expect(panelsStartCollapsed(['asset', 'sector'])).toBe(true);
    expect(panelsStartCollapsed(['sector'])).toBe(false);
  });

  it('uses Principal only when the principal asset class view is on', () => {
    expect(assetAllocationMethod(true)).toBe('Principal');
    expect(assetAllocationMethod(false)).toBe('Detailed');
  });

  it('shows the types the site configuration leaves on, all three by default', () => {
    expect(allocationSettings({})).toEqual({ dataTypes: ['asset', 'sector', 'geography'], method: 'Detailed' });
    expect(allocationSettings({ analysis: { allocation: { showSector: false, principalAssetClassView: true } } })).toEqual({ dataTypes: ['asset', 'geography'], method: 'Principal' });
  });
});
