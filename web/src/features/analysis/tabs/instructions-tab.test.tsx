import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch-routes';
import { clientUser, jsonResponse, renderPage } from '../../../test/render-with-providers';
import type { AnalysisSelection } from '../analysis-selection';
import InstructionsTab from './instructions-tab';

const selection: AnalysisSelection = {
  entityId: 1001, accountIds: [11], portfolioId: 1, groupCode: null, singleAccountId: 11, heading: 'Stocks & Shares ISA',
  startDate: '2025-11-20', endDate: '2026-11-20', currencyView: 'plan', reportCurrency: 'GBP', pricingType: 'close', feesAndTaxes: 1, readOnly: true,
};
const pct = (v: string) => ({ _type: 'BigDecimal', _val: v });

/** A batch answered item by item from the urls it names, like the platform. */
function batchOf(answers: Record<string, unknown>) {
  return (body: { batch: { url: string }[] }) =>
    jsonResponse(200, body.batch.map((item) => {
      const path = item.url.replace(/^\/resourceful\//, '');
      return path in answers ? { code: 200, body: JSON.stringify(answers[path]) } : { code: 404, body: JSON.stringify({ api_message: 'Resource Not Found' }) };
    }));
}

afterEach(() => vi.unstubAllGlobals());

function show(sel = selection) {
  renderPage(<InstructionsTab selection={sel} />, { session: { status: 'signed-in', user: clientUser } });
}

describe('the investment instructions tab', () => {
  it("lists the account's target sets with their weights to 2 decimals", async () => {
    const routes = routeFetch({
      'GET /xplanapi/portfolio/account/11/targetlink': () => jsonResponse(200, [{ targetset_id: 3 }]),
      'POST /xplanapi/': batchOf({
        'portfolio/targetset': [{ targetset_id: 3, description: 'Balanced growth' }, { targetset_id: 4, description: 'Other' }],
        'portfolio/targetset/3/allocation/security': [
          { code: 'HVGEA', description: 'Harbour Global Equity', weight: pct('28.00') },
          { code: 'SVCBI', description: 'Severn Corporate Bond', weight: 14.5 },
          { code: 'CASH', description: 'Cash', weight: pct('0.125') },
        ],
      }),
    });
    show();
    expect(screen.getByTestId('instructions-skeleton')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Balanced growth' });
    const rows = within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows.slice(1)).toEqual([
      ['Harbour Global Equity', 'HVGEA', '28.00%'],
      ['Severn Corporate Bond', 'SVCBI', '14.50%'],
      ['Cash', 'CASH', '0.13%'],
    ]);
    expect(screen.queryByRole('table', { name: 'Other' })).toBeNull();
    expect(routes.calls().map((c) => c.key)).toEqual(['GET /xplanapi/portfolio/account/11/targetlink', 'POST /xplanapi/']);
  });

  it("says 'There is currently no investment instructions set-up for this account.' without target sets", async () => {
    const routes = routeFetch({ 'GET /xplanapi/portfolio/account/11/targetlink': () => jsonResponse(200, []) });
    show();
    expect(await screen.findByText('There is currently no investment instructions set-up for this account.')).toBeInTheDocument();
    expect(routes.calls()).toHaveLength(1);
  });

  it("shows the server's message in a warning panel", async () => {
    routeFetch({ 'GET /xplanapi/portfolio/account/11/targetlink': () => jsonResponse(403, { api_message: 'No access', user_message: 'You cannot see this account.' }) });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot see this account.');
  });
});
