import { describe, expect, it } from 'vitest';
import { chartTabAfterSelection, defaultTab, initialChartTab, initialCurrencyView, percentageAllowed, tabAfterChange, tabLabel, visibleTabs, type ChartTabContext, type TabContext } from './analysis-rules';
import { ANALYSIS_HEADINGS } from './analysis-settings';

const chart: ChartTabContext = { profitAnalysisType: 'twrr', blocked: false, useHistoricData: false, hasFilter: false };

describe('the chart tabs (spec 2 §2.3)', () => {
  it('Percentage needs TWRR and a selection that is not blocked', () => {
    expect(percentageAllowed(chart)).toBe(true);
    expect(percentageAllowed({ ...chart, profitAnalysisType: 'irr' })).toBe(false);
    expect(percentageAllowed({ ...chart, profitAnalysisType: 'none' })).toBe(false);
    expect(percentageAllowed({ ...chart, blocked: true })).toBe(false);
  });

  it('with historic data Percentage also needs a selected account', () => {
    expect(percentageAllowed({ ...chart, useHistoricData: true })).toBe(false);
    expect(percentageAllowed({ ...chart, useHistoricData: true, hasFilter: true })).toBe(true);
  });

  it('starts as Percentage when TWRR applies, else Value', () => {
    expect(initialChartTab(chart)).toBe('percentage');
    expect(initialChartTab({ ...chart, profitAnalysisType: 'irr' })).toBe('value');
  });

  it('with historic data switches to Percentage when a filter appears and to Value when it is cleared', () => {
    const historic = { ...chart, useHistoricData: true };
    expect(chartTabAfterSelection('value', { ...historic, hasFilter: true })).toBe('percentage');
    expect(chartTabAfterSelection('percentage', { ...historic, hasFilter: false })).toBe('value');
  });

  it('otherwise keeps the chosen tab, unless Percentage is no longer allowed', () => {
    expect(chartTabAfterSelection('value', { ...chart, hasFilter: true })).toBe('value');
    expect(chartTabAfterSelection('percentage', { ...chart, hasFilter: true })).toBe('percentage');
    expect(chartTabAfterSelection('percentage', { ...chart, blocked: true })).toBe('value');
  });
});

const tabs: TabContext = {
  singleAccount: false,
  sections: { investments: true, allocation: true, transactions: true },
  allocation: { assetClass: true, sector: true, region: true },
  clientAnalysis: true,
  targetSets: true,
};

describe('the lower tabs (spec 2 §2.3)', () => {
  it('shows Accounts and the published sections for a portfolio or group', () => {
    expect(visibleTabs(tabs)).toEqual(['accounts', 'investments', 'allocation', 'transactions']);
  });

  it('for one account hides Accounts and adds instructions (flag and capability) and payments (flag)', () => {
    expect(visibleTabs({ ...tabs, singleAccount: true })).toEqual(['investments', 'allocation', 'transactions', 'instructions', 'payment']);
    expect(visibleTabs({ ...tabs, singleAccount: true, targetSets: false })).toEqual(['investments', 'allocation', 'transactions', 'payment']);
    expect(visibleTabs({ ...tabs, singleAccount: true, clientAnalysis: false })).toEqual(['investments', 'allocation', 'transactions']);
  });

  it('leaves out unpublished sections, and Allocation when no allocation type is shown', () => {
    expect(visibleTabs({ ...tabs, sections: { investments: false, allocation: true, transactions: false } })).toEqual(['accounts', 'allocation']);
    expect(visibleTabs({ ...tabs, allocation: { assetClass: false, sector: false, region: false } })).toEqual(['accounts', 'investments', 'transactions']);
    expect(visibleTabs({ ...tabs, allocation: { assetClass: false, sector: true, region: false } })).toContain('allocation');
  });

  it('opens Investments first when configured, unless one account is selected', () => {
    const shown = visibleTabs(tabs);
    expect(defaultTab(shown, false, false)).toBe('accounts');
    expect(defaultTab(shown, true, false)).toBe('investments');
    const single = visibleTabs({ ...tabs, singleAccount: true, sections: { investments: false, allocation: true, transactions: true } });
    expect(defaultTab(single, true, true)).toBe('allocation');
  });

  it('keeps the open tab while it is still shown', () => {
    expect(tabAfterChange('transactions', ['investments', 'transactions'], false, true)).toBe('transactions');
    expect(tabAfterChange('accounts', ['investments', 'transactions'], false, true)).toBe('investments');
  });
});

describe('the currency view (spec 2 §4)', () => {
  it('starts as plan for a multi-currency client or a group filter with a key, else session', () => {
    expect(initialCurrencyView(true, false)).toBe('plan');
    expect(initialCurrencyView(false, true)).toBe('plan');
    expect(initialCurrencyView(false, false)).toBe('session');
  });
});

describe('the tab labels (spec 2 §2.3 "Default headings")', () => {
  it("are Investments, Allocation and Transactions unless the site renames them; the others keep their names", () => {
    expect((['accounts', 'investments', 'allocation', 'transactions', 'instructions', 'payment'] as const).map((key) => tabLabel(key, ANALYSIS_HEADINGS))).toEqual([
      'Accounts',
      'Investments',
      'Allocation',
      'Transactions',
      'Investment instructions',
      'Payment information',
    ]);
    const renamed = { ...ANALYSIS_HEADINGS, investments: 'Holdings', transactions: 'Activity' };
    expect(tabLabel('investments', renamed)).toBe('Holdings');
    expect(tabLabel('transactions', renamed)).toBe('Activity');
    expect(tabLabel('accounts', renamed)).toBe('Accounts');
  });
});
