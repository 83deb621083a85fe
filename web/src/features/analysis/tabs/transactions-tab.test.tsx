import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch-routes';
import { clientUser, jsonResponse, renderPage, testConfig, testQueryClient } from '../../../test/render-with-providers';
import { SiteConfigProvider } from '../../../shared/config/site-config-context';
import type { SiteConfig } from '../../../shared/config/site-config';
import type { AnalysisSelection } from '../analysis-selection';
import type * as Csv from '../../../shared/format/csv';
import TransactionsTab from './transactions-tab';

const download = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/format/csv', async (original) => ({ ...(await original<typeof Csv>()), downloadCsv: download }));

const money = (value: string, code = 'GBP') => ({ _type: 'Currency', _val: { code, value: { _type: 'BigDecimal', _val: value } } });
const date = (value: string) => ({ _type: 'Date', _val: value });

/** The platform's transactions of the test, newest first: every fifth one a dividend. */
function wireTransactions(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10, 20) - i * 86_400_000).toISOString().slice(0, 10);
    const income = i % 5 === 4;
    return {
      id: 1000 + i,
      accountId: i % 2 === 0 ? 11 : 12,
      type: income ? 'income' : 'other',
      transactionTypeDesc: income ? 'Dividend' : 'Purchase',
      securityDescription: `Fund ${i}`,
      code: `F${i}`,
      exchange: 'LSE',
      securityIsin: `GB000000${String(i).padStart(4, '0')}`,
      tradeDate: date(day),
      settlementDate: date(day),
      nativeCurrency: 'GBP',
      nativeTransactionValue: money(`${100 + i}.25`),
      nativeIncome: income ? money(`${100 + i}.25`) : null,
      grossAmount: money(`${100 + i}.00`),
      netAmount: money(`${100 + i}.25`),
      fee: money('1.50'),
      tax: money('0.75'),
      pricePerUnit: money('2.5000'),
      volume: { _type: 'BigDecimal', _val: income ? '0.0000' : '40.0000' },
      comment: '',
      bookmark: `b${i}`,
    };
  });
}

/** The BFF's GET account/transactions over a list: page_size and page_bookmark honoured. */
function bffOver(list: ReturnType<typeof wireTransactions>) {
  return (_body: unknown, url: URL) => {
    const size = Number(url.searchParams.get('page_size'));
    const bookmark = url.searchParams.get('page_bookmark');
    const from = bookmark ? list.findIndex((t) => t.bookmark === bookmark) + 1 : 0;
    return jsonResponse(200, list.slice(from, from + size));
  };
}

const selection: AnalysisSelection = {
  entityId: 1001,
  accountIds: [11, 12],
  portfolioId: 1,
  groupCode: null,
  singleAccountId: null,
  heading: 'Eleanor Whitfield',
  startDate: '2025-11-20',
  endDate: '2026-11-20',
  currencyView: 'plan',
  reportCurrency: 'GBP',
  pricingType: 'close',
  feesAndTaxes: 1,
  readOnly: false,
};

let routes: ReturnType<typeof routeFetch>;
let clientAnalysis = true;

function stub(list = wireTransactions(120)) {
  routes = routeFetch({
    'GET /bff/api/account/transactions': bffOver(list),
    'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, [{ name: 'use-client-analysis', enabled: clientAnalysis }]),
    'GET /api/feature-toggles': () => jsonResponse(200, []),
  });
}

const bffCalls = () => routes.calls().filter((c) => c.key === 'GET /bff/api/account/transactions').map((c) => c.url.searchParams);

function withConfig(config: SiteConfig, children: React.ReactNode) {
  return (
    <SiteConfigProvider initialConfig={config} loading={null} renderError={() => null}>
      {children}
    </SiteConfigProvider>
  );
}

function show(sel: AnalysisSelection = selection, config: SiteConfig = testConfig) {
  return renderPage(withConfig(config, <TransactionsTab selection={sel} />), { session: { status: 'signed-in', user: clientUser } });
}

const cached = () => testQueryClient().getQueryCache().findAll({ queryKey: ['analysis-transactions'] });

beforeEach(() => {
  clientAnalysis = true;
  download.mockReset();
  stub();
});

afterEach(() => vi.unstubAllGlobals());

describe('the transactions tab', () => {
  it('shows the first 50 with the details of the first, then loads more by bookmark until the last page', async () => {
    show();
    expect(screen.getByTestId('transactions-skeleton')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(51); // header + 50
    const first = bffCalls()[0]!;
    expect(first.getAll('accountIds')).toEqual(['11', '12']);
    expect(Object.fromEntries([...first].filter(([k]) => k !== 'accountIds'))).toEqual({ startDate: '2025-11-20', endDate: '2026-11-20', sort_type: '1', page_size: '50' });
    const details = screen.getByRole('complementary', { name: 'Transaction details' });
    expect(within(details).getByText('Fund 0')).toBeInTheDocument();
    expect(within(details).getByText('20/11/2026', { selector: '[data-field="tradeDate"] dd' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(101));
    expect(bffCalls()[1]!.get('page_bookmark')).toBe('b49');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(121));
    expect(bffCalls()[2]!.get('page_bookmark')).toBe('b99');
    // 20 < 50: the last page.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the chosen transaction in the details panel, leaving out the fields the site hides', async () => {
    const config: SiteConfig = {
      ...testConfig,
      settings: { ...testConfig.settings, transactionFeesAndTaxes: { fees: 'Hide For All Transactions', taxes: 'Hide For Income Transactions Only' } },
    };
    show(selection, config);
    await screen.findByRole('table');
    const details = screen.getByRole('complementary', { name: 'Transaction details' });
    // A purchase: tax shown, fee hidden.
    expect(within(details).getByText('Tax')).toBeInTheDocument();
    expect(within(details).queryByText('Fee')).toBeNull();
    expect(within(details).getByText('£100.25', { selector: '[data-field="net"] dd' })).toBeInTheDocument();
    // The fifth row is a dividend: its tax is hidden too, and its income shown.
    const dividend = screen.getAllByRole('button', { name: 'Dividend' })[0]!;
    fireEvent.click(dividend);
    expect(dividend).toHaveAttribute('aria-pressed', 'true');
    expect(within(details).getByText('Fund 4')).toBeInTheDocument();
    expect(within(details).queryByText('Tax')).toBeNull();
    expect(within(details).getByText('£104.25', { selector: '[data-field="income"] dd' })).toBeInTheDocument();
    expect(within(details).getByText('£2.5000', { selector: '[data-field="pricePerUnit"] dd' })).toBeInTheDocument();
  });

  it('purges and refetches from the first page when the dates change, and purges when the tab goes', async () => {
    function Switcher() {
      const [sel, setSel] = useState(selection);
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setSel({ ...selection, startDate: '2026-01-01' })}>Change dates</button>
          <button type="button" onClick={() => setShown(false)}>Leave the tab</button>
          {shown && <TransactionsTab selection={sel} />}
        </>
      );
    }
    renderPage(withConfig(testConfig, <Switcher />), { session: { status: 'signed-in', user: clientUser } });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(101));
    fireEvent.click(screen.getByRole('button', { name: 'Change dates' }));
    await waitFor(() => expect(bffCalls()).toHaveLength(3));
    const third = bffCalls()[2]!;
    expect(third.get('startDate')).toBe('2026-01-01');
    expect(third.has('page_bookmark')).toBe(false);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(51));
    // Only the new selection's list is kept.
    await waitFor(() => expect(cached().map((q) => q.queryKey[3])).toEqual(['2026-01-01']));
    fireEvent.click(screen.getByRole('button', { name: 'Leave the tab' }));
    await waitFor(() => expect(cached()).toHaveLength(0));
  });

  it("says there are none, as the 'No transactions to display' warning with client analysis", async () => {
    stub([]);
    show();
    expect(await screen.findByText('No transactions to display')).toBeInTheDocument();
    expect(screen.getByText('There are no transactions available for the accounts and dates selected.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('says there are none, without the warning, when client analysis is off', async () => {
    clientAnalysis = false;
    stub([]);
    show();
    expect(await screen.findByText('There are no transactions available for the accounts and dates selected.')).toBeInTheDocument();
    // The toggles may arrive after the list: the sentence stays alone.
    await waitFor(() => expect(routes.calls().some((c) => c.key === 'GET /api/feature-toggles')).toBe(true));
    expect(screen.queryByText('No transactions to display')).toBeNull();
  });

  it('asks nothing when no account is selected (spec 2 §5)', async () => {
    show({ ...selection, accountIds: [] });
    expect(await screen.findByText('There are no transactions available for the accounts and dates selected.')).toBeInTheDocument();
    expect(bffCalls()).toHaveLength(0);
  });

  it("shows the server's message in a warning panel", async () => {
    routes = routeFetch({
      'GET /bff/api/account/transactions': () => jsonResponse(400, { api_message: 'page_size must be between 1 and 200', user_message: 'The transactions could not be read.' }),
      'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, []),
      'GET /api/feature-toggles': () => jsonResponse(200, []),
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The transactions could not be read.');
  });

  it('on a phone, lists them with rows that expand to their details', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    show();
    const toggles = await screen.findAllByRole('button', { expanded: false });
    expect(screen.queryByRole('table')).toBeNull();
    expect(toggles).toHaveLength(50);
    fireEvent.click(toggles[1]!);
    expect(toggles[1]).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggles[1]!.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('Fund 1', { selector: 'dd' })).toBeInTheDocument();
    expect(within(panel).getByText('40.0000')).toBeInTheDocument();
  });

  it('downloads every transaction of the selection as CSV, following all the pages', async () => {
    const list = wireTransactions(450);
    stub(list);
    show();
    await screen.findByRole('table');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    });
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const exports = bffCalls().filter((q) => q.get('page_size') === '200');
    // 450 = 200 + 200 + 50.
    expect(exports.map((q) => q.get('page_bookmark'))).toEqual([null, 'b199', 'b399']);
    const [name, text] = download.mock.calls[0] as [string, string];
    expect(name).toBe('transactions-2025-11-20-to-2026-11-20.csv');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean).map((line) => line.split(','));
    expect(lines).toHaveLength(451);
    expect(lines[0]).toEqual(['Trade date', 'Settlement date', 'Account id', 'Type', 'Security', 'Code', 'ISIN', 'Units', 'Price per unit', 'Gross', 'Fee', 'Tax', 'Net', 'Currency', 'Comment']);
    // Every row is the platform's transaction, values unformatted and dates ISO.
    lines.slice(1).forEach((cells, i) => {
      const t = list[i]!;
      expect(cells).toEqual([
        t.tradeDate._val, t.settlementDate._val, String(t.accountId), t.transactionTypeDesc, t.securityDescription, t.code, t.securityIsin,
        t.type === 'income' ? '0' : '40', '2.5', String(100 + i), '1.5', '0.75', `${100 + i}.25`, 'GBP', '',
      ]);
    });
  });
});
