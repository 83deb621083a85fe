import { onTestFinished } from 'vitest';
import { routeFetch } from '../../../test/fetch-routes';
import { testConfig } from '../../../test/render-with-providers';
import type { AnalysisSelection } from '../analysis-selection';
import { accountsBatchOf } from '../analysis-test-data';

/**
 * The set-up the Investments and Allocation tab tests share: demo.client's selection of the
 * Stocks & Shares ISA (1) and the US Dollar Investment Account (5) over the year to
 * 2026-11-24, the platform answering the accounts batch and the positions, and the site's
 * settings.analysis for one test. Only a test imports this file.
 */
export const holdingsSelection: AnalysisSelection = {
  entityId: 1001,
  accountIds: [1, 5],
  portfolioId: null,
  groupCode: null,
  singleAccountId: null,
  heading: 'All portfolios',
  startDate: '2025-11-24',
  endDate: '2026-11-24',
  currencyView: 'plan',
  reportCurrency: 'GBP',
  pricingType: 'close',
  feesAndTaxes: 1,
  readOnly: false,
};

/** The accounts batch: the two accounts' names and plan currencies, and view_portfolio. */
const accountsBatch = accountsBatchOf([
  { accountid: 1, description: 'Stocks & Shares ISA', portfolioid: 1, reason_for_visibility: 'single_owner', plan_currency: 'GBP' },
  { accountid: 5, description: 'US Dollar Investment Account', portfolioid: 1, reason_for_visibility: 'single_owner', plan_currency: 'USD' },
]);

/** serveHoldings answers the positions (for the accounts and for the FAMILY group) and the accounts batch. */
export function serveHoldings(positions: () => Response) {
  return routeFetch({
    'GET /xplanapi/portfolio/position': positions,
    'GET /xplanapi/portfolio/group/account/code/FAMILY/position': positions,
    'POST /xplanapi/': accountsBatch,
  });
}

/** withAnalysisSettings sets the site's settings.analysis for the running test only. */
export function withAnalysisSettings(analysis: unknown) {
  const settings = testConfig.settings as unknown as Record<string, unknown>;
  settings.analysis = analysis;
  onTestFinished(() => {
    delete settings.analysis;
  });
}
