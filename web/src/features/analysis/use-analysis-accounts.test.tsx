import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, type RoutedFetch } from '../../test/fetch-routes';
import { clientUser, jsonResponse, renderPage } from '../../test/render-with-providers';
import { accountsBatchOf } from './analysis-test-data';
import { useAnalysisAccounts } from './use-analysis-accounts';

/**
 * The analysis page's accounts (spec 2 §5 "Accounts without transactions are hidden unless
 * allowed"): demo.client's ISA (1) and GIA (2) have transactions, her new cash account (3) has
 * none yet.
 */

const ENTITY = clientUser.entity_id;

const accountsBatch = accountsBatchOf(
  [
    { accountid: 1, description: 'ISA', portfolioid: 1, reason_for_visibility: 'single_owner', service_type: 'Managed' },
    { accountid: 2, description: 'GIA', portfolioid: 1, reason_for_visibility: 'single_owner', service_type: 'Managed' },
    { accountid: 3, description: 'Cash account', portfolioid: 1, reason_for_visibility: 'single_owner', service_type: 'Managed' },
  ],
  [{ portfolioid: 1, portfolio_name: 'Eleanor Whitfield' }],
);

const activity = () =>
  jsonResponse(200, [
    { accountid: 1, lastTransactionDate: { _type: 'Date', _val: '2026-11-20' } },
    { accountid: 2, lastTransactionDate: { _type: 'Date', _val: '2025-05-12' } },
    { accountid: 3, lastTransactionDate: null },
  ]);

function Probe({ allow }: { allow: boolean }) {
  const { data } = useAnalysisAccounts(ENTITY, true, allow);
  return <p data-testid="accounts">{data ? data.accounts.map((a) => a.description).join(', ') : 'loading'}</p>;
}

const shown = async () => {
  const probe = await screen.findByTestId('accounts');
  await vi.waitFor(() => expect(probe.textContent).not.toBe('loading'));
  return probe.textContent;
};

const activityCalls = (routes: RoutedFetch) => routes.calls().filter((c) => c.key === 'GET /xplanapi/portfolio/account');

afterEach(() => vi.unstubAllGlobals());

describe('the analysis page’s accounts (spec 2 §5)', () => {
  it('leave out an account without transactions, told by one call for every account', async () => {
    const routes = routeFetch({ 'POST /xplanapi/': accountsBatch, 'GET /xplanapi/portfolio/account': activity });
    renderPage(<Probe allow={false} />, { session: { status: 'signed-in', user: clientUser } });
    expect(await shown()).toBe('GIA, ISA');
    const calls = activityCalls(routes);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ entityid: String(ENTITY), 'fields.0': 'accountid', 'fields.1': 'lastTransactionDate' });
  });

  it('keep it when the site allows accounts without transactions, with no call to tell them apart', async () => {
    const routes = routeFetch({ 'POST /xplanapi/': accountsBatch, 'GET /xplanapi/portfolio/account': activity });
    renderPage(<Probe allow />, { session: { status: 'signed-in', user: clientUser } });
    expect(await shown()).toBe('Cash account, GIA, ISA');
    expect(activityCalls(routes)).toHaveLength(0);
  });

  it('show every account when the platform cannot say which have transactions', async () => {
    routeFetch({ 'POST /xplanapi/': accountsBatch, 'GET /xplanapi/portfolio/account': () => jsonResponse(403, { api_message: 'Forbidden', user_message: 'You cannot see these accounts.' }) });
    renderPage(<Probe allow={false} />, { session: { status: 'signed-in', user: clientUser } });
    expect(await shown()).toBe('Cash account, GIA, ISA');
  });
});
