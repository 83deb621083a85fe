import { describe, expect, it } from 'vitest';
import { distinctAccountNames } from './holdings-account-names';

describe('distinctAccountNames', () => {
  it('keeps a unique description and adds the portfolio to a repeated one', () => {
    const names = distinctAccountNames([
      { accountId: 1, description: 'Self-Invested Personal Pension', portfolioName: 'Eleanor Whitfield' },
      { accountId: 2, description: 'Stocks & Shares ISA', portfolioName: 'Eleanor Whitfield' },
      { accountId: 3, description: 'Self-Invested Personal Pension', portfolioName: 'James Whitfield' },
    ]);
    expect([...names]).toEqual([
      [1, 'Self-Invested Personal Pension (Eleanor Whitfield)'],
      [2, 'Stocks & Shares ISA'],
      [3, 'Self-Invested Personal Pension (James Whitfield)'],
    ]);
  });
});
