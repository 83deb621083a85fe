import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch-routes';
import { featureTogglesQuery } from '../../../shared/api/feature-toggles';
import { clientUser, jsonResponse, renderPage, testConfig, testQueryClient } from '../../../test/render-with-providers';
import type * as OverviewTilesModule from '../components/overview-tiles';
import { DashboardPage } from './dashboard-page';

// The chart's Highcharts chunk is not what these tests are about (jsdom draws no SVG).
vi.mock('../../../shared/charts/line-chart', () => ({ default: () => <div data-testid="line-chart" /> }));

// The overview tiles as they are, counting their renders.
const tileRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../components/overview-tiles', async (importOriginal) => {
  const real = await importOriginal<typeof OverviewTilesModule>();
  return {
    ...real,
    OverviewTiles: (props: Parameters<typeof real.OverviewTiles>[0]) => {
      tileRenders.count += 1;
      return real.OverviewTiles(props);
    },
  };
});

const money = (value: string) => ({ _type: 'Currency', _val: { code: 'GBP', value: { _type: 'BigDecimal', _val: value } } });
const pct = (value: string) => ({ _type: 'BigDecimal', _val: value });
const date = (value: string) => ({ _type: 'Date', _val: value });

const account = (id: number, description: string, portfolioid: number, extra: Record<string, unknown> = {}) => ({
  accountid: id,
  description,
  portfolioid,
  portfolioName: portfolioid === 1 ? 'Eleanor Whitfield' : 'James Whitfield',
  reason_for_visibility: 'single_owner',
  sortOrder: portfolioid === 1 ? 0 : 4,
  isLinked: portfolioid !== 1,
  blocked: false,
  service_type: 'Managed',
  plan_currency: 'GBP',
  inception_date: date('2022-01-10'),
  ...extra,
});

const row = (id: number, value: string, change: string, twrr: string, irr: string) => ({
  accountid: id,
  portfolioid: id < 8 ? 1 : 3,
  value: money(value),
  value_change: money(change),
  twrr: pct(twrr),
  irr: pct(irr),
});

/** Answers a batch by its items' urls, like the platform. */
function answer(url: string): { code: number; body: string } {
  const path = url.replace(/^\/resourceful\//, '');
  const ok = (body: unknown) => ({ code: 200, body: JSON.stringify(body) });
  if (path.startsWith('entity/client/1001/portfolio')) return ok([{ portfolioid: 1, portfolio_name: 'Eleanor Whitfield', sortOrder: 0 }, { portfolioid: 3, portfolio_name: 'James Whitfield', sortOrder: 4, isLinked: true }]);
  if (path.startsWith('portfolio/account?')) {
    return ok([
      account(1, 'Stocks & Shares ISA', 1),
      account(2, 'General Investment Account', 1),
      account(7, 'Workplace Pension (held away)', 1, { service_type: 'Not managed' }),
      account(8, 'Partner ISA', 3),
    ]);
  }
  if (path.startsWith('portfolio/group/account?')) return ok([]);
  if (path.includes('account_user_visibility_link')) return ok([]);
  if (path.includes('/capability')) return ok({ view_portfolio: true });
  if (path.startsWith('portfolio/profit_analysis/detail')) {
    const ids = new URLSearchParams(path.split('?')[1]).get('accountid');
    if (ids === '2,1,8') {
      return ok({
        start_date: date('2025-11-25'),
        end_date: date('2026-11-25'),
        report_currency: 'GBP',
        total: { accounts_count: 3, ...row(0, '300.00', '30.00', '1.00', '1.00') },
        portfolios: [
          { portfolioid: 1, accounts: [row(1, '156581.75', '22984.19', '7.93', '7.87'), row(2, '86085.28', '-1171.34', '-1.34', '-1.34')] },
          { portfolioid: 3, accounts: [row(8, '1000.00', '10.00', '1.00', '1.10')] },
        ],
      });
    }
    // The overview: mine only (2, 1).
    return ok({ start_date: date('2025-11-25'), end_date: date('2026-11-25'), report_currency: 'GBP', total: { accounts_count: 2, ...row(0, '242667.03', '21812.85', '4.55', '4.50') } });
  }
  if (path.includes('historic_time_series_twrr')) {
    return ok({ start_date: date('2025-11-25'), end_date: date('2026-11-25'), report_currency: 'GBP', points: [{ date: date('2025-11-25'), value: money('1.00'), twrr: pct('0') }] });
  }
  if (path.startsWith('portfolio/position')) {
    return ok([
      { accountid: 1, code: 'A', description: 'Alpha Fund', value: money('100.00') },
      { accountid: 2, code: 'A', description: 'Alpha Fund', value: money('50.00') },
      { accountid: 1, code: 'B', description: 'Beta Fund', value: money('120.00') },
      { accountid: 1, code: 'C', description: 'Gamma Fund', value: money('10.00') },
      { accountid: 2, code: 'D', description: 'Delta Fund', value: money('1.00') },
    ]);
  }
  return { code: 404, body: JSON.stringify({ api_message: 'Resource Not Found' }) };
}

let routes: ReturnType<typeof routeFetch>;

beforeEach(() => {
  routes = routeFetch({
    'POST /xplanapi/': (body: { batch: { url: string }[] }) => jsonResponse(200, body.batch.map((item) => answer(item.url))),
    'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, []),
  });
  vi.stubGlobal('fetch', routes.fetch);
});

afterEach(() => vi.unstubAllGlobals());

function show() {
  return renderPage(
    <DashboardPage siteAccess="Portfolio" analysisPath="/clients/analysis" showAnalysisLink assetsPath={null} composePath="/clients/documents-and-messages/?compose=true" showContactUs />,
    { session: { status: 'signed-in', user: clientUser } },
  );
}

describe('the dashboard', () => {
  it('shows every figure after two batch round trips', async () => {
    show();
    const overview = await screen.findByRole('region', { name: 'Portfolio overview' });
    expect(within(overview).getByText('£242,667')).toBeInTheDocument();
    expect(within(overview).getByText('across 2 accounts')).toBeInTheDocument();
    expect(within(overview).getByText('£21,812.85')).toBeInTheDocument();
    expect(within(overview).getByText('+4.55%', { selector: '[data-figure="performance"]' })).toBeInTheDocument();
    const posts = routes.calls().filter((c) => c.key === 'POST /xplanapi/');
    expect(posts).toHaveLength(2);
    // The first: accounts; the second: the summary (mine and linked), the overview (mine), one
    // series for my one portfolio, the positions of my accounts. 'Not managed' is left out.
    const second = (posts[1]!.body as { batch: { url: string }[] }).batch.map((item) => item.url);
    expect(second).toHaveLength(4);
    expect(second[0]).toContain('accountid=2%2C1%2C8'); // by name: General before Stocks
    expect(second[0]).toContain('grouping=portfolio%2Caccount');
    expect(second[1]).toContain('accountid=2%2C1&');
    expect(second[2]).toMatch(/^\/resourceful\/portfolio\/portfolio\/1\/profit_analysis\/historic_time_series_twrr\?.*frequency=3/);
    expect(second[3]).toBe('/resourceful/portfolio/position?accountid=2,1');
  });

  it('draws the screen again only when its answers change, not at every update of the page (issue 13)', async () => {
    show();
    const overview = await screen.findByRole('region', { name: 'Portfolio overview' });
    await within(overview).findByText('£242,667');
    const drawn = tileRenders.count;
    // An update the screen does not show (a feature toggle it does not read) renders the page
    // (it reads the toggles) but not the screen under it.
    await act(async () => {
      testQueryClient().setQueryData(featureTogglesQuery(clientUser.region).queryKey, { 'some-other-feature': true });
      // TanStack Query tells its observers on a zero-delay timer: this one runs after it.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(tileRenders.count).toBe(drawn);
    // Nor does a refetch that answers the same (the query keeps the data it had).
    await act(async () => {
      await testQueryClient().refetchQueries({ queryKey: ['dashboard'], type: 'active' });
    });
    expect(tileRenders.count).toBe(drawn);
    expect(within(overview).getByText('£242,667')).toBeInTheDocument();
  });

  it('links tiles with ?id=, puts the partner in Linked accounts, lists the three largest holdings', async () => {
    show();
    const isa = await screen.findByRole('link', { name: /Stocks & Shares ISA/ });
    expect(isa).toHaveAttribute('href', '/clients/analysis?id=1');
    expect(screen.getByRole('heading', { name: 'Linked accounts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Partner ISA/ })).toHaveAttribute('href', '/clients/analysis?id=8');
    expect(screen.queryByText('Workplace Pension (held away)')).toBeNull();
    // Shares of my two tiles: 156,581.75 and 86,085.28 of 242,667.03 = 64.53 % and 35.47 %,
    // floors 64 and 35, the missing point to the larger remainder (.53): 65 and 35.
    expect(within(isa).getByText('65%')).toBeInTheDocument();
    // Holdings summed over accounts: Alpha 150, Beta 120, Gamma 10 (Delta 1 is fourth). Shares
    // of 281: 53.38, 42.70, 3.56, 0.36 -> floors 53, 42, 3, 0 = 98; the two points go to .70
    // and .56: 53, 43, 4, 0.
    const assets = screen.getByRole('region', { name: 'Your assets' });
    const items = within(assets).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Alpha Fund£150.0053%', 'Beta Fund£120.0043%', 'Gamma Fund£10.004%']);
  });

  it('greets the client, and hides the greeting (still the page heading for screen readers) when the site says so', async () => {
    show();
    const greeting = await screen.findByRole('heading', { level: 1, name: 'Welcome, Eleanor' });
    expect(greeting).not.toHaveClass('visually-hidden');
    cleanup();
    const dashboard = ((testConfig.settings as { dashboard?: Record<string, unknown> }).dashboard ??= {});
    dashboard.showGreeting = false;
    onTestFinished(() => void delete dashboard.showGreeting);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toHaveClass('visually-hidden');
  });

  it("says 'There are no visible accounts in this portfolio.' and 'No portfolios' when every account is hidden", async () => {
    // Both accounts of the client are hidden by their visibility links.
    routes = routeFetch({
      'POST /xplanapi/': (body: { batch: { url: string }[] }) =>
        jsonResponse(
          200,
          body.batch.map((item) =>
            item.url.includes('account_user_visibility_link')
              ? { code: 200, body: JSON.stringify([1, 2, 7, 8].map((accountid) => ({ accountid, visible: false }))) }
              : answer(item.url),
          ),
        ),
      'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, []),
    });
    vi.stubGlobal('fetch', routes.fetch);
    show();
    expect(await screen.findByText('There are no visible accounts in this portfolio.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your Accounts' })).getByText('No portfolios')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Portfolio overview' })).toBeNull();
  });

  it("says 'Something went wrong with loading your portfolio data.' when the accounts cannot be loaded", async () => {
    routes = routeFetch({ 'POST /xplanapi/': () => jsonResponse(500, { api_message: 'boom' }) });
    vi.stubGlobal('fetch', routes.fetch);
    show();
    expect(await screen.findByText('Something went wrong with loading your portfolio data.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
