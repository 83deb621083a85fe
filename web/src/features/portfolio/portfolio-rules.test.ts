import { describe, expect, it } from 'vitest';
import {
  accountSummaryUsesTable,
  compareAccounts,
  groupingFilter,
  hidesFeeField,
  isLinkedAccount,
  isManaged,
  parseFeeVisibility,
  parseFeesAndTaxes,
  parsePortfolioGrouping,
  parseProfitAnalysisType,
  performanceHidden,
  roundShares,
  shareLabel,
  sharesOf,
  showsLinkedSection,
} from './portfolio-rules';

describe('tiles or table (spec 2 §2.2: 9 mine, 8 linked, 13 together)', () => {
  it.each([
    ['tiles', 9, 0, false],
    ['tiles', 10, 0, true],
    ['tiles', 0, 8, false],
    ['tiles', 0, 9, true],
    ['tiles', 5, 8, false], // 13 together is still tiles
    ['tiles', 6, 8, true], // 14 together is the table
    ['tiles', 9, 4, false],
    ['tiles', 9, 5, true],
    ['table', 1, 0, true], // the table mode always
  ] as const)('%s mode, %i mine, %i linked -> table %s', (mode, mine, linked, table) => {
    expect(accountSummaryUsesTable(mode, mine, linked)).toBe(table);
  });
});

describe('rounded shares (spec 2 §4)', () => {
  it('adds up to 100, the missing points to the largest remainders', () => {
    // 33.333 + 33.333 + 33.334: floors 33, 33, 33 = 99; one point to the largest remainder (.334).
    expect(roundShares([33.333, 33.333, 33.334])).toEqual([33, 33, 34]);
  });
  it('never lifts a share above 99 while distributing', () => {
    // 0.4 and 99.6: floors 0 and 99 = 99; the largest remainder (.6) is at 99 already, so the
    // point goes to 0.4, which becomes 1.
    expect(roundShares([0.4, 99.6])).toEqual([1, 99]);
    // 0.2, 0.3, 99.5: floors 0, 0, 99; .5 is at 99, the next largest is .3.
    expect(roundShares([0.2, 0.3, 99.5])).toEqual([0, 1, 99]);
  });
  it('clamps to 0-100 and keeps a lone 100', () => {
    expect(roundShares([-5, 120])).toEqual([0, 100]);
    expect(roundShares([100])).toEqual([100]);
  });
  it('leaves all zeros alone', () => {
    expect(roundShares([0, 0])).toEqual([0, 0]);
  });
  it('shows a rounded zero as <1% unless it is a true zero', () => {
    expect(shareLabel(0, 0.2)).toBe('<1%');
    expect(shareLabel(0, 0)).toBe('0%');
    expect(shareLabel(34, 33.334)).toBe('34%');
  });
  it('works out shares of a total, ignoring negative values', () => {
    // 25 of 100 and 75 of 100; the -10 counts as nothing.
    expect(sharesOf([25, 75, -10])).toEqual([25, 75, 0]);
    expect(sharesOf([0, 0])).toEqual([0, 0]);
  });
});

describe('settings parsing (spec 2 §5)', () => {
  it.each([
    ['TWRR', 'twrr'],
    ['irr', 'irr'],
    ['IRR', 'irr'],
    [' None ', 'none'],
    ['xirr', 'twrr'],
    [undefined, 'twrr'],
    [3, 'twrr'],
  ])('profit analysis type %j -> %s', (value, type) => {
    expect(parseProfitAnalysisType(value)).toBe(type);
  });

  it.each([
    ['Consolidated', 'Consolidated'],
    ['Group by account group', 'AccountGroup'],
    ['Split', 'Split'],
    ['anything', 'Split'],
    [undefined, 'Split'],
  ])('portfolio grouping %j -> %s', (value, grouping) => {
    expect(parsePortfolioGrouping(value)).toBe(grouping);
  });

  it('grouping filter is My under Split, else All (spec 2 §9)', () => {
    expect(groupingFilter('Split')).toBe('My');
    expect(groupingFilter('Consolidated')).toBe('All');
    expect(groupingFilter('AccountGroup')).toBe('All');
  });

  it.each([
    [0, 0],
    [3, 3],
    [[2], 2],
    [['4', 'x'], 4],
    ['5', 5],
    ['2 years', 2],
    [undefined, 1],
    ['after', 1],
    [9, 1],
    [[], 1],
  ])('fees and taxes %j -> %i', (value, basis) => {
    expect(parseFeesAndTaxes(value)).toBe(basis);
  });

  it('fee visibility: hidden for all, for income only, or shown', () => {
    expect(hidesFeeField(parseFeeVisibility('Hide For All Transactions'), 'other')).toBe(true);
    expect(hidesFeeField(parseFeeVisibility('Hide For Income Transactions Only'), 'income')).toBe(true);
    expect(hidesFeeField(parseFeeVisibility('Hide For Income Transactions Only'), 'other')).toBe(false);
    expect(hidesFeeField(parseFeeVisibility('Do Not Hide'), 'income')).toBe(false);
    expect(parseFeeVisibility('something')).toBe('Do Not Hide');
  });
});

describe('visibility and ordering', () => {
  it('hides the performance figure for None, TWRR with historic data, or blocked accounts (spec 2 §2.1)', () => {
    expect(performanceHidden('twrr', false, false)).toBe(false);
    expect(performanceHidden('none', false, false)).toBe(true);
    expect(performanceHidden('twrr', true, false)).toBe(true);
    expect(performanceHidden('irr', true, false)).toBe(false);
    expect(performanceHidden('irr', false, true)).toBe(true);
  });

  it('shows a Linked accounts section under Split only', () => {
    expect(showsLinkedSection('Split')).toBe(true);
    expect(showsLinkedSection('Consolidated')).toBe(false);
    expect(showsLinkedSection('AccountGroup')).toBe(false);
  });

  it("leaves out 'Not managed' accounts (spec 2 §3)", () => {
    expect(isManaged({ service_type: 'Managed' })).toBe(true);
    expect(isManaged({ service_type: ' not MANAGED ' })).toBe(false);
    expect(isManaged({})).toBe(true);
  });

  it('counts an account as linked above sort order 3 or by explicit link (spec 2 §9)', () => {
    expect(isLinkedAccount({ sortOrder: 3 })).toBe(false);
    expect(isLinkedAccount({ sortOrder: 4 })).toBe(true);
    expect(isLinkedAccount({ sortOrder: 0, reason_for_visibility: 'explicit_link' })).toBe(true);
    expect(isLinkedAccount({ sortOrder: 0, isLinked: true })).toBe(true);
  });

  it('orders by reason for visibility, then sort order, then name and id (spec 2 §9)', () => {
    const accounts = [
      { accountid: 5, description: 'B', reason_for_visibility: 'explicit_link', sortOrder: 0 },
      { accountid: 4, description: 'A', reason_for_visibility: 'shared_owner', sortOrder: 3 },
      { accountid: 3, description: 'Z', reason_for_visibility: 'secondary_joint_owner', sortOrder: 2 },
      { accountid: 2, description: 'Y', reason_for_visibility: 'primary_joint_owner', sortOrder: 1 },
      { accountid: 7, description: 'B', reason_for_visibility: 'single_owner', sortOrder: 4 },
      { accountid: 6, description: 'B', reason_for_visibility: 'single_owner', sortOrder: 0 },
      { accountid: 1, description: 'A', reason_for_visibility: 'single_owner', sortOrder: 0 },
      { accountid: 8, description: 'A', reason_for_visibility: 'single_owner', sortOrder: 0 },
    ];
    expect([...accounts].sort(compareAccounts).map((a) => a.accountid)).toEqual([1, 8, 6, 7, 2, 3, 4, 5]);
  });
});
