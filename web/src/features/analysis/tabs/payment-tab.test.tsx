import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch-routes';
import { adviserUser, clientUser, jsonResponse, renderPage } from '../../../test/render-with-providers';
import type { AnalysisSelection } from '../analysis-selection';
import PaymentTab from './payment-tab';

const selection: AnalysisSelection = {
  entityId: 1001, accountIds: [11], portfolioId: 1, groupCode: null, singleAccountId: 11, heading: 'Stocks & Shares ISA',
  startDate: '2025-11-20', endDate: '2026-11-20', currencyView: 'plan', reportCurrency: 'GBP', pricingType: 'close', feesAndTaxes: 1, readOnly: false,
};

function show(answer: () => Response, sel = selection, user = clientUser) {
  const routes = routeFetch({ 'GET /xplanapi/portfolio/account/11/payment_information': answer });
  renderPage(<PaymentTab selection={sel} />, { session: { status: 'signed-in', user } });
  return routes;
}

afterEach(() => vi.unstubAllGlobals());

describe('the payment information tab', () => {
  it('shows BPAY and the bank account with their notes', async () => {
    const routes = show(() => jsonResponse(200, {
      accountId: 11,
      bpay: { id: 1, billerCode: '254789', reference: '1000010174' },
      bankAccount: { id: 2, bank: 'Harbour & Vale Client Money', accountName: 'HV Nominees re E Whitfield ISA', bsb: '062-914', accountNumber: '10000101' },
    }));
    expect(screen.getByTestId('payment-skeleton')).toBeInTheDocument();
    const bpay = await screen.findByRole('region', { name: 'BPAY' });
    expect(within(bpay).getByText('Biller code').nextSibling).toHaveTextContent('254789');
    expect(within(bpay).getByText('Reference').nextSibling).toHaveTextContent('1000010174');
    expect(within(bpay).getByText('Payments may take up to four business days to reflect.')).toBeInTheDocument();
    const bank = screen.getByRole('region', { name: 'Bank account' });
    expect(within(bank).getByText('Bank').nextSibling).toHaveTextContent('Harbour & Vale Client Money');
    expect(within(bank).getByText('Account name').nextSibling).toHaveTextContent('HV Nominees re E Whitfield ISA');
    expect(within(bank).getByText('BSB').nextSibling).toHaveTextContent('062-914');
    expect(within(bank).getByText('Account number').nextSibling).toHaveTextContent('10000101');
    expect(within(bank).getByText('Please check processing times with your bank.')).toBeInTheDocument();
    expect(routes.calls().map((c) => c.key)).toEqual(['GET /xplanapi/portfolio/account/11/payment_information']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows only the method the account has', async () => {
    show(() => jsonResponse(200, { accountId: 11, bpay: null, bankAccount: { id: 2, bank: 'B', accountName: 'N', bsb: '062-914', accountNumber: '1' } }));
    expect(await screen.findByRole('region', { name: 'Bank account' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'BPAY' })).toBeNull();
  });

  it("says 'No payment method available yet' when there is none, also for an adviser", async () => {
    show(() => jsonResponse(200, { accountId: 11, bpay: null, bankAccount: null }), { ...selection, readOnly: true }, adviserUser);
    expect(await screen.findByText('No payment method available yet')).toBeInTheDocument();
  });

  it("shows the server's message in a warning panel", async () => {
    show(() => jsonResponse(404, { api_message: 'Resource Not Found', user_message: 'The requested item was not found.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The requested item was not found.');
  });
});
