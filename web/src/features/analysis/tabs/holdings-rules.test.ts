import { describe, expect, it } from 'vitest';
import { position } from './holdings-fixtures';
import {
  accountSections,
  amountShares,
  costAndGain,
  expandReducer,
  initialExpandState,
  investmentsSettings,
  isCash,
  isCashValue,
  isExpanded,
  nestPositions,
  rowFigures,
  totalOf,
  type Expandable,
} from './holdings-rules';

const account1: Expandable = { key: 'a:1', primary: true };
const account2: Expandable = { key: 'a:2', primary: true };
const split: Expandable = { key: 'p:1-10', primary: false };
const items = [account1, account2, split];
const openKeys = (state: ReturnType<typeof initialExpandState>) => items.filter((item) => isExpanded(state, item)).map((item) => item.key);

describe('expand modes (spec 2 §2.3)', () => {
  it('starts in ExpandAllPrimaryItem when rows are expanded by default: accounts open, sub-positions closed', () => {
    const state = initialExpandState(true);
    expect(state.mode).toBe('ExpandAllPrimaryItem');
    expect(openKeys(state)).toEqual(['a:1', 'a:2']);
  });

  it('starts with everything closed otherwise', () => {
    const state = initialExpandState(false);
    expect(state.mode).toBe('CollapseAll');
    expect(openKeys(state)).toEqual([]);
  });

  it("'Expand all' opens every row, sub-positions too, and 'Collapse all' closes every row", () => {
    const all = expandReducer(initialExpandState(true), { type: 'expandAll' });
    expect(all.mode).toBe('ExpandAll');
    expect(openKeys(all)).toEqual(['a:1', 'a:2', 'p:1-10']);
    const none = expandReducer(all, { type: 'collapseAll' });
    expect(none.mode).toBe('CollapseAll');
    expect(openKeys(none)).toEqual([]);
  });

  it('a click on one row becomes UserToggle, keeping what was open and flipping that row only', () => {
    const toggled = expandReducer(initialExpandState(true), { type: 'toggle', item: account2, items });
    expect(toggled.mode).toBe('UserToggle');
    expect(openKeys(toggled)).toEqual(['a:1']);
    const again = expandReducer(toggled, { type: 'toggle', item: split, items });
    expect(openKeys(again)).toEqual(['a:1', 'p:1-10']);
    const fromAll = expandReducer(expandReducer(again, { type: 'expandAll' }), { type: 'toggle', item: account1, items });
    expect(openKeys(fromAll)).toEqual(['a:2', 'p:1-10']);
  });

  it('the ExpandAll and CollapseAll modes also hold for rows that arrive later', () => {
    const late: Expandable = { key: 'a:9', primary: true };
    expect(isExpanded(expandReducer(initialExpandState(false), { type: 'expandAll' }), late)).toBe(true);
    expect(isExpanded(expandReducer(initialExpandState(true), { type: 'collapseAll' }), late)).toBe(false);
    expect(isExpanded(initialExpandState(true), late)).toBe(true);
  });
});

describe("'Not available' (spec 2 §5)", () => {
  it('shows book cost and unrealised gain as they are in the original currency', () => {
    const { cost, gain } = costAndGain(position({ value: 150, cost: 120 }), 'original');
    expect(cost).toEqual({ amount: 120, currency: 'GBP' });
    expect(gain).toEqual({ amount: 30, currency: 'GBP' });
  });

  it('says Not available for both when the book cost is zero', () => {
    const { cost, gain } = costAndGain(position({ value: 150, cost: 0 }), 'original');
    expect(cost).toEqual({ reason: 'Not available' });
    expect(gain).toEqual({ reason: 'Not available' });
  });

  it('says Not available for both when the position is shown converted into the plan currency', () => {
    const usd = position({ currency: 'USD', planCurrency: 'GBP', value: 200, cost: 150 });
    expect(costAndGain(usd, 'account')).toEqual({ cost: { reason: 'Not available' }, gain: { reason: 'Not available' } });
    expect(costAndGain(usd, 'original').cost).toEqual({ amount: 150, currency: 'USD' });
  });

  it('keeps the figures of a position already in the plan currency, and of pence in a sterling account (a fixed 1/100)', () => {
    expect(costAndGain(position({ value: 150, cost: 120 }), 'account').cost).toEqual({ amount: 120, currency: 'GBP' });
    const pence = position({ currency: 'GBX', planCurrency: 'GBP', value: 150, cost: 120 });
    expect(costAndGain(pence, 'account').cost).toEqual({ amount: 120, currency: 'GBP' });
  });

  it("passes on the platform's reason, and the gain follows its cost", () => {
    const p = position();
    const noRate = { ...p, plan: { ...p.plan, cost: { reason: 'Conversion rate unavailable' }, gain: { reason: 'Conversion rate unavailable' } } };
    expect(costAndGain(noRate, 'account')).toEqual({ cost: { reason: 'Conversion rate unavailable' }, gain: { reason: 'Conversion rate unavailable' } });
  });
});

describe('% Amount (spec 2 §4)', () => {
  it('rounds shares to whole percentages adding up to 100, "<1%" for a rounded 0 that is not zero', () => {
    // Values 700, 297, 3 and 0.5 of 1000.5: 69.965, 29.685, 0.2999, 0.04998 %. Floors 69, 29, 0,
    // 0 = 98; the two points go to the largest remainders (.965, .685): 70, 30, 0, 0.
    const rows = [700, 297, 3, 0.5].map((value) => ({ baseValue: { amount: value, currency: 'GBP' } }));
    expect(amountShares(rows)).toEqual(['70%', '30%', '<1%', '<1%']);
  });

  it('gives a true zero "0%" and a row without a value no share', () => {
    const rows = [{ baseValue: { amount: 50, currency: 'GBP' } }, { baseValue: { amount: 0, currency: 'GBP' } }, { baseValue: { reason: 'Conversion rate unavailable' } }];
    expect(amountShares(rows)).toEqual(['100%', '0%', '']);
  });
});

describe('cash (spec 2 §9)', () => {
  it('is a value equal to cash, starting with cash. or ending .cash, ignoring case', () => {
    expect(['cash', 'CASH', ' Cash ', 'cash.gbp', 'CASH.USD', 'gbp.cash', 'Client.Cash'].every(isCashValue)).toBe(true);
    expect(['cashflow fund', 'petty cash', 'cashgbp', 'gbpcash', '', null, undefined].some(isCashValue)).toBe(false);
  });

  it('is read from the code or the asset class, and cash goes last in its account', () => {
    expect(isCash({ code: 'CASH.GBP', assetClassCode: null })).toBe(true);
    expect(isCash({ code: 'MMF', assetClassCode: 'Cash' })).toBe(true);
    expect(isCash({ code: 'HVGEA', assetClassCode: 'Equity' })).toBe(false);
    const rows = nestPositions([
      position({ positionId: '1-CASH.GBP', securityId: null, code: 'CASH.GBP', assetClassCode: null }),
      position({ positionId: '1-10' }),
      position({ positionId: '1-11', securityId: 11 }),
    ]);
    expect(rows.map((r) => r.key)).toEqual(['1-10', '1-11', '1-CASH.GBP']);
  });
});

describe('sub-positions (spec 2 §2.3)', () => {
  const parts = [
    position({ positionId: '1-10-b', splitIndex: 1, value: 60, cost: 50, units: 6 }),
    position({ positionId: '1-11', securityId: 11, value: 40, cost: 30 }),
    position({ positionId: '1-10-a', splitIndex: 0, value: 100.1, cost: 80.05, units: 10.0001 }),
  ];

  it('nests the parts of one holding under one row, parts in index order', () => {
    const rows = nestPositions(parts);
    expect(rows.map((r) => r.key)).toEqual(['1-10-b', '1-11']);
    expect(rows[0]!.parts.map((p) => p.positionId)).toEqual(['1-10-a', '1-10-b']);
    expect(rows[1]!.parts).toEqual([]);
  });

  it("shows a split holding's figures summed over its parts, to the penny and to 4 decimals of units", () => {
    // 100.10 + 60 = 160.10 value; 80.05 + 50 = 130.05 cost; gains 20.05 + 10 = 30.05; units 16.0001.
    const f = rowFigures(nestPositions(parts)[0]!, 'original');
    expect(f.value).toEqual({ amount: 160.1, currency: 'GBP' });
    expect(f.cost).toEqual({ amount: 130.05, currency: 'GBP' });
    expect(f.gain).toEqual({ amount: 30.05, currency: 'GBP' });
    expect(f.units).toBe(16.0001);
  });
});

describe('account sections', () => {
  it("follow the selection's order, name accounts, and offer conversion only when a currency differs", () => {
    const sections = accountSections(
      [position({ accountId: 2, positionId: '2-10' }), position({ accountId: 1, positionId: '1-12', currency: 'USD' }), position({ accountId: 3, positionId: '3-10' })],
      [1, 2],
      new Map([[1, 'Stocks & Shares ISA']]),
    );
    expect(sections.map((s) => [s.accountId, s.name, s.multiCurrency])).toEqual([
      [1, 'Stocks & Shares ISA', true],
      [2, 'Account 2', false],
      [3, 'Account 3', false],
    ]);
  });

  it('totals a column to the penny, and not at all across currencies or past a missing figure', () => {
    // 0.1 + 0.2 = 0.30 exactly in cents.
    expect(totalOf([{ amount: 0.1, currency: 'GBP' }, { amount: 0.2, currency: 'GBP' }])).toEqual({ amount: 0.3, currency: 'GBP' });
    expect(totalOf([{ amount: 1, currency: 'GBP' }, { amount: 1, currency: 'USD' }])).toBeNull();
    expect(totalOf([{ amount: 1, currency: 'GBP' }, { reason: 'Not available' }])).toBeNull();
  });
});

describe('investments settings (spec 2 §5)', () => {
  it('defaults: expanded, no income or yield, unrealised gain everywhere', () => {
    expect(investmentsSettings({})).toEqual({ expandedByDefault: true, incomeAndYield: 'None', unrealisedGain: 'All' });
  });

  it('reads All, SecurityLevelOnly and None (any case) and falls back on anything else', () => {
    const settings = { analysis: { investments: { expandedByDefault: false, incomeAndYield: 'securitylevelonly', unrealisedGain: 'NONE' } } };
    expect(investmentsSettings(settings)).toEqual({ expandedByDefault: false, incomeAndYield: 'SecurityLevelOnly', unrealisedGain: 'None' });
    expect(investmentsSettings({ analysis: { investments: { incomeAndYield: 'sometimes', unrealisedGain: 3 } } })).toMatchObject({ incomeAndYield: 'None', unrealisedGain: 'All' });
  });
});
