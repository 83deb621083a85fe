import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch-routes';
import { clientUser, jsonResponse, renderPage } from '../../../test/render-with-providers';
import { DashboardPage } from './dashboard-page';

vi.mock('../../../shared/charts/line-chart', () => ({ default: () => <div data-testid="line-chart" /> }));

const bd = (value: string) => ({ _type: 'BigDecimal', _val: value });

// demo.assets's managed records (backend/internal/demo/assets.go), as the platform answers them.
const TOTALS: Record<string, [string, number]> = { asset: ['60866.20', 2], fund_za: ['96430.55', 1], annuity: ['12000.00', 1], liability: ['148500.00', 1] };
const LISTS: Record<string, unknown[]> = {
  asset: [
    { index: 1, desc: 'Prudential Onshore Investment Bond', currency: 'GBP', report_currency: 'GBP', amount_in_report_currency: bd('42615.80') },
    { index: 6, desc: 'Royal London Investment Bond', currency: 'GBP', report_currency: 'GBP', amount_in_report_currency: bd('18250.40') },
  ],
  fund_za: [{ index: 7, desc: 'USS workplace pension', currency: 'GBP', report_currency: 'GBP', fund_value_in_report_currency: bd('96430.55') }],
  annuity: [{ index: 10, description: 'Canada Life fixed-term annuity', currency: 'GBP', report_currency: 'GBP', current_value_in_report_currency: bd('12000.00') }],
};

function answer(url: string, empty: boolean): { code: number; body: string } {
  const path = url.replace(/^\/resourceful\//, '');
  const list = path.includes('total_amount') ? new URLSearchParams(path.split('?')[1]).get('list_name')! : path.split('/')[3]!.split('?')[0]!;
  if (path.includes('total_amount')) {
    const [total, count] = empty ? ['0.00', 0] : TOTALS[list]!;
    return { code: 200, body: JSON.stringify({ list_name: list, total_amount: bd(total), currency: 'GBP', count }) };
  }
  if (path.startsWith('entity/client/1001/')) return { code: 200, body: JSON.stringify(empty ? [] : LISTS[list]) };
  return { code: 404, body: JSON.stringify({ api_message: 'Resource Not Found' }) };
}

function serve(empty = false) {
  return routeFetch({
    'POST /xplanapi/': (body: { batch: { url: string }[] }) => jsonResponse(200, body.batch.map((item) => answer(item.url, empty))),
    'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, []),
  });
}

afterEach(() => vi.unstubAllGlobals());

const show = (assetsPath: string | null = null) =>
  renderPage(
    <DashboardPage siteAccess="Assets" analysisPath="/clients/analysis" showAnalysisLink={false} assetsPath={assetsPath} composePath={null} showContactUs={false} />,
    { session: { status: 'signed-in', user: clientUser } },
  );

describe('the managed-assets panel (Assets access)', () => {
  it('shows the managed total of each asset type and the three largest managed assets after one round trip', async () => {
    const routes = serve();
    show();
    const panel = await screen.findByRole('region', { name: 'Your assets' });
    const totals = (await within(panel).findByText('Pension assets')).closest('dl')!;
    expect(totals).toHaveAccessibleName('Managed assets by type');
    const pairs = within(totals)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(pairs).toEqual(['Assets £60,866.20', 'Pension assets £96,430.55', 'Annuities £12,000.00', 'Liabilities £148,500.00']);
    // Shares of the managed assets' 169,296.75: 56.96, 25.17, 10.78 and 7.09 % (the annuity,
    // fourth); floors 56, 25, 10, 7 = 98, the two points to .96 and .78: 57, 25, 11.
    const items = within(within(panel).getByRole('list', { name: 'Largest managed assets' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['USS workplace pension£96,430.5557%', 'Prudential Onshore Investment Bond£42,615.8025%', 'Royal London Investment Bond£18,250.4011%']);
    expect(within(panel).getByText(/not automatically tracked/)).toBeInTheDocument();
    // The 2-round-trip bound of the dashboard holds: here one batch, and no portfolio calls.
    const posts = routes.calls().filter((c) => c.key === 'POST /xplanapi/');
    expect(posts).toHaveLength(1);
    const urls = (posts[0]!.body as { batch: { url: string }[] }).batch.map((b) => b.url);
    expect(urls.every((u) => u.startsWith('/resourceful/entity/'))).toBe(true);
    // No balance sheet in this build: no 'View assets' link.
    expect(within(panel).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Portfolio overview' })).toBeNull();
  });

  it("links 'View assets' to the balance sheet when the page exists", async () => {
    serve();
    show('/clients/balance-sheet');
    const panel = await screen.findByRole('region', { name: 'Your assets' });
    expect(within(panel).getByRole('link', { name: 'View assets' })).toHaveAttribute('href', '/clients/balance-sheet');
  });

  it("says 'No managed assets data.' when nothing is under advice", async () => {
    serve(true);
    show();
    expect(await screen.findByText('No managed assets data.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('Pension assets')).toBeNull();
  });

  it("says 'There was a problem retrieving one or more assets.' when a result is 404 or 500", async () => {
    routeFetch({
      'POST /xplanapi/': (body: { batch: { url: string }[] }) =>
        jsonResponse(200, body.batch.map((item) => (item.url.includes('fund_za') ? { code: 500, body: '{"api_message":"boom"}' } : answer(item.url, false)))),
      'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, []),
    });
    show();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('There was a problem retrieving one or more assets.');
  });

  it('holds the size of the figures while loading: four total rows and three item rows', () => {
    routeFetch({ 'POST /xplanapi/': () => new Promise<Response>(() => {}), 'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, []) });
    const { container } = show();
    const panel = container.querySelector('.assets-summary--managed')!;
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(panel.querySelectorAll('.assets-summary__totals.is-pending > div')).toHaveLength(4);
    expect(panel.querySelectorAll('.assets-summary__list.is-pending li')).toHaveLength(3);
  });
});
