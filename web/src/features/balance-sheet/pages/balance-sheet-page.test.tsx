import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { clientDataQuery } from '../../../shared/api/client-data';
import { clientInContextStore } from '../../../shared/session/client-in-context';
import { routeFetch } from '../../../test/fetch-routes';
import { adviserUser, clientUser, jsonResponse, renderPage, testConfig, testQueryClient } from '../../../test/render-with-providers';
import BalanceSheetPage from './balance-sheet-page';

const bd = (value: string) => ({ _type: 'BigDecimal', _val: value });
const day = (value: string) => ({ _type: 'Date', _val: value });

type Row = Record<string, unknown>;
const asset = (index: number, desc: string, amount: string, extra: Row = {}): Row => ({
  index,
  currency: 'GBP',
  report_currency: 'GBP',
  desc,
  type_description: 'Individual Savings Account',
  policy_number: `P-${index}`,
  provider: 'Hargreaves Lansdown',
  amount: bd(amount),
  amount_in_report_currency: bd(amount),
  valuation_date: day('2026-10-31'),
  contribution_total: bd('40000.00'),
  withdrawal_total: bd('0.00'),
  percent_owned: bd('100.00'),
  value_owned: bd(amount),
  owners: [],
  ...extra,
});
const pension: Row = {
  index: 20,
  currency: 'GBP',
  report_currency: 'GBP',
  desc: 'Airbus UK workplace pension',
  type: 'Occupational Money Purchase',
  fund_or_policy_num: 'AIR-DC-5530917',
  product_provider: 'Aviva',
  fund_value: bd('182400.00'),
  fund_value_in_report_currency: bd('182400.00'),
  fund_valuation_date: day('2026-10-31'),
  contribution_total: bd('96000.00'),
  withdrawal_total: bd('0.00'),
  crystallised_fund: bd('0.00'),
  uncrystallised_fund: bd('182400.00'),
};
const flat = asset(3, 'Buy-to-let flat, 7 Cathedral Walk, Bristol', '285000.00', {
  type_description: 'Residential property',
  policy_number: '',
  provider: '',
  contribution_total: null,
  withdrawal_total: null,
  percent_owned: bd('60.00'),
  value_owned: bd('171000.00'),
  owners: [
    { owner_id: 1001, owner_first_name: 'Eleanor', owner_last_name: 'Whitfield', owner_name: 'Whitfield, Eleanor', percentage: bd('60.00') },
    { owner_id: 1002, owner_first_name: 'James', owner_last_name: 'Whitfield', owner_name: 'Whitfield, James', percentage: bd('40.00') },
  ],
});
const apartment = asset(30, 'Apartment, Antibes', '240000.00', {
  currency: 'EUR',
  amount_in_report_currency: bd('205200.00'),
  value_owned: bd('240000.00'),
  contribution_total: null,
  withdrawal_total: null,
});

/** The lists by member and view, as the platform would answer them. */
type Lists = Partial<Record<'asset' | 'fund_za' | 'annuity' | 'liability', Row[]>>;
const ELEANOR: Record<string, Lists> = {
  managed: { asset: [asset(4, 'Prudential International Investment Bond', '65300.00')], fund_za: [pension] },
  non_managed: { asset: [asset(1, 'Stocks & Shares ISA', '48250.00'), flat] },
  everything: { asset: [asset(1, 'Stocks & Shares ISA', '48250.00'), flat, asset(4, 'Prudential International Investment Bond', '65300.00')], fund_za: [pension] },
};
const JAMES: Record<string, Lists> = {
  managed: { fund_za: [{ ...pension, index: 40, desc: 'BAE Systems workplace pension', fund_value: bd('241800.00'), fund_value_in_report_currency: bd('241800.00') }] },
  non_managed: {},
  everything: {},
};

type Answer = { code: number; body: string };
const json = (body: unknown, code = 200): Answer => ({ code, body: JSON.stringify(body) });

function platform(households: Record<number, Record<string, Lists>>, override?: (path: string) => Answer | null) {
  return (path: string): Answer => {
    const forced = override?.(path);
    if (forced) return forced;
    const params = new URLSearchParams(path.split('?')[1]);
    const member = Number(/\/(\d+)/.exec(path)![1]);
    const lists = households[member]?.[params.get('list_filter') ?? ''];
    if (path.startsWith('entity/client-v3/')) return json({ region: 'GB' });
    if (!lists) return json({ api_message: 'Resource Not Found' }, 404);
    if (path.includes('total_amount')) {
      const rows = lists[params.get('list_name') as keyof Lists] ?? [];
      const sum = rows.reduce((s, r) => s + Number(((r.amount_in_report_currency ?? r.fund_value_in_report_currency) as { _val: string })._val), 0);
      return json({ total_amount: bd(sum.toFixed(2)), currency: 'GBP', count: rows.length });
    }
    const list = path.split('/')[3]!.split('?')[0] as keyof Lists;
    return json(lists[list] ?? []);
  };
}

/** The demo firm's: rapid totals on (the toggle, and a platform after 23.5.269). */
const RAPID = { name: 'account-visibility', enabled: true };

function serve(
  answer: (path: string) => Answer,
  { toggles = [RAPID], viewPartner = true, version = '24.1.100' }: { toggles?: { name: string; enabled: boolean }[]; viewPartner?: boolean; version?: string } = {},
) {
  return routeFetch({
    'GET /xplanapi/site': () => jsonResponse(200, { version, site_locales: ['en-gb'] }),
    'POST /xplanapi/': (body: { batch: { url: string }[] }) => jsonResponse(200, body.batch.map((item) => answer(item.url.replace(/^\/resourceful\//, '')))),
    'GET /xplanapi/entity/client-v3/1001/capability': () => jsonResponse(200, { view_partner: viewPartner, view_portfolio: true }),
    'GET /xplanapi/entity/client/1001/client_group/member': () => jsonResponse(200, MEMBERS),
    'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, toggles),
    'GET /api/feature-toggles': () => jsonResponse(200, []),
  });
}

const MEMBERS = [
  { entity_id: 1001, member_id: 1001, group_id: 7, login_accessible: true, first_name: 'Eleanor', last_name: 'Whitfield', entity_name: 'Whitfield, Eleanor', partner_entity_id: 1002, isClient: true },
  { entity_id: 1002, member_id: 1002, group_id: 7, login_accessible: true, first_name: 'James', last_name: 'Whitfield', entity_name: 'Whitfield, James', partner_entity_id: 1001, isClient: false },
  { entity_id: 1003, member_id: 1003, group_id: 7, login_accessible: false, first_name: 'Hidden', last_name: 'Relative', entity_name: 'Relative, Hidden', partner_entity_id: null, isClient: false },
];

function seedMembers() {
  testQueryClient().setQueryData(clientDataQuery(clientUser.entity_id, testConfig.settings).queryKey, {
    entityId: 1001,
    client: { id: 1001, client_access_level: clientUser.client_access_level },
    members: MEMBERS.filter((m) => m.login_accessible).map(({ entity_id, group_id, login_accessible, first_name, last_name, entity_name, partner_entity_id }) => ({ entity_id, group_id, login_accessible, first_name, last_name, entity_name, partner_entity_id })),
    siteAccess: 'Portfolio',
  });
}

/** The address's query, shown for the test to read. */
function Where() {
  return <span data-testid="search">{useLocation().search}</span>;
}
const where = () => screen.getByTestId('search').textContent;

const show = (path = '/clients/balance-sheet', user = clientUser) =>
  renderPage(
    <>
      <BalanceSheetPage />
      <Where />
    </>,
    { path, route: '/clients/balance-sheet', session: { status: 'signed-in', user } },
  );

const posts = (routes: ReturnType<typeof serve>) => routes.calls().filter((c) => c.key === 'POST /xplanapi/');
const urlsOf = (post: { body: unknown }) => (post.body as { batch: { url: string }[] }).batch.map((b) => b.url);

beforeEach(() => seedMembers());
afterEach(() => {
  vi.unstubAllGlobals();
  clientInContextStore.set(null);
});

describe('the balance sheet (spec 2 §2.5)', () => {
  it("opens on Managed with the tabs' counts, the first tab with data and its columns, after one data round trip", async () => {
    const routes = serve(platform({ 1001: ELEANOR }));
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Balance Sheet' })).toBeInTheDocument();
    expect(screen.getByText('Your wealth:')).toBeInTheDocument();
    const tabs = await screen.findByRole('tablist', { name: 'Asset types' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['1 Asset', '1 Pension asset', '0 Annuities', '0 Liabilities']);
    expect(within(tabs).getByRole('tab', { name: '1 Asset' })).toHaveAttribute('aria-selected', 'true');
    const table = screen.getByRole('table', { name: 'Assets' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Description and owners',
      'Type and policy number',
      'Contributions and withdrawals',
      'Total value',
      'Value owned',
      '% owned',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Individual Savings AccountP-4Hargreaves Lansdown', 'In £40,000Out £0', '£65,300Valued 31 Oct 2026', '£65,300', '100.00%']);
    // The total in the reporting currency at the foot, 0 decimals (spec 2 §9).
    expect(table.querySelector('[data-figure="total"]')).toHaveTextContent('£65,300');
    // One batch: the four lists, the four totals and the region, all in the Managed view.
    expect(posts(routes)).toHaveLength(1);
    expect(urlsOf(posts(routes)[0]!).filter((u) => !u.includes('client-v3')).every((u) => u.includes('list_filter=managed'))).toBe(true);
  });

  it('switches to Non-managed and Everything with one more round trip each, keeping the tab', async () => {
    const routes = serve(platform({ 1001: ELEANOR }));
    show('/clients/balance-sheet?asset=1');
    const tabs = await screen.findByRole('tablist', { name: 'Asset types' });
    expect(within(tabs).getByRole('tab', { name: '1 Pension asset' })).toHaveAttribute('aria-selected', 'true');
    const segment = document.querySelector('ion-segment')!;
    act(() => {
      segment.dispatchEvent(new CustomEvent('ionChange', { detail: { value: 'non_managed' } }));
    });
    // No pensions in Non-managed: the first tab with data shows (spec 2 §2.5).
    await waitFor(() => expect(screen.getByRole('tab', { name: '2 Assets' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tab', { name: '0 Pension assets' })).toHaveAttribute('aria-selected', 'false');
    const flatRow = screen.getByRole('rowheader', { name: /Buy-to-let flat/ }).closest('tr')!;
    expect(flatRow).toHaveTextContent('Owners: Eleanor Whitfield (60.00%), James Whitfield (40.00%)');
    // Joint: value owned = 60 % of £285,000 = £171,000.
    expect(within(flatRow).getAllByRole('cell').slice(-3).map((c) => c.textContent)).toEqual(['£285,000Valued 31 Oct 2026', '£171,000', '60.00%']);
    act(() => {
      segment.dispatchEvent(new CustomEvent('ionChange', { detail: { value: 'everything' } }));
    });
    // The chosen tab (pensions, ?asset=1) has data again in Everything.
    await waitFor(() => expect(screen.getByRole('tab', { name: '1 Pension asset' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tab', { name: '3 Assets' })).toBeInTheDocument();
    expect(posts(routes)).toHaveLength(3);
    expect(urlsOf(posts(routes)[2]!)[0]).toContain('list_filter=everything');
    expect(where()).toBe('?asset=1');
  });

  it('changes tab by click and by arrow key, into the address', async () => {
    serve(platform({ 1001: ELEANOR }));
    show();
    fireEvent.click(await screen.findByRole('tab', { name: '1 Pension asset' }));
    expect(where()).toBe('?asset=1');
    const table = screen.getByRole('table', { name: 'Pension assets' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Description and type',
      'Policy number and provider',
      'Contributions and withdrawals to date',
      'Crystallised and uncrystallised fund',
      'Value',
    ]);
    const pension = within(table).getAllByRole('row')[1]!;
    expect(within(pension).getAllByRole('cell').map((c) => c.textContent)).toEqual(['AIR-DC-5530917Aviva', 'In £96,000Out £0', 'Crystallised £0Uncrystallised £182,400', '£182,400Valued 31 Oct 2026']);
    fireEvent.keyDown(screen.getByRole('tab', { name: '1 Pension asset' }), { key: 'ArrowRight' });
    expect(where()).toBe('?asset=2');
  });

  it("lists 'Me' then the related entities the client may see, and shows a member's balance sheet from ?id=", async () => {
    const routes = serve(platform({ 1001: ELEANOR, 1002: JAMES }));
    show();
    const select = await screen.findByRole('combobox', { name: 'Show assets of' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Me', 'James Whitfield']);
    fireEvent.change(select, { target: { value: '1002' } });
    expect(await screen.findByRole('rowheader', { name: /BAE Systems workplace pension/ })).toBeInTheDocument();
    expect(where()).toBe('?id=1002');
    expect(urlsOf(posts(routes).at(-1)!)[0]).toBe('/resourceful/entity/client/1002/asset?list_filter=managed&include_association=1&page=1&page_size=50');
    fireEvent.change(screen.getByRole('combobox', { name: 'Show assets of' }), { target: { value: '1001' } });
    expect(await screen.findByRole('rowheader', { name: /Prudential International/ })).toBeInTheDocument();
    expect(where()).toBe('');
  });

  it('opens a deep link ?id=&asset= on that member and tab', async () => {
    serve(platform({ 1001: ELEANOR, 1002: JAMES }));
    show('/clients/balance-sheet?id=1002&asset=1');
    expect(await screen.findByRole('rowheader', { name: /BAE Systems workplace pension/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '1 Pension asset' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Show assets of' })).toHaveValue('1002');
  });

  it('shows no member selector without view_partner, and the client’s own sheet for another id', async () => {
    const routes = serve(platform({ 1001: ELEANOR, 1002: JAMES }), { viewPartner: false });
    show('/clients/balance-sheet?id=1002');
    expect(await screen.findByRole('rowheader', { name: /Prudential International/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Show assets of' })).toBeNull();
    expect(posts(routes).every((p) => urlsOf(p).every((u) => !u.includes('/1002')))).toBe(true);
  });

  it('says so when the person selected has no assets', async () => {
    serve(platform({ 1001: { managed: {}, non_managed: {}, everything: {} } }));
    show();
    expect(await screen.findByText('No assets have been recorded for the person selected')).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Asset types' })).toBeNull();
  });

  it('says viewing is disabled when the site enables no view', async () => {
    const routes = serve(platform({ 1001: ELEANOR }));
    const saved = testConfig.settings.balanceSheet;
    testConfig.settings.balanceSheet = { displayedViews: [] };
    try {
      show();
      expect(
        screen.getByText('The ability to view asset data has been disabled by your site administrator. Please contact your adviser for more information.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Your wealth:')).toBeNull();
      expect(posts(routes)).toHaveLength(0);
    } finally {
      testConfig.settings.balanceSheet = saved;
    }
  });

  it('opens on the site display view and offers only the displayed views', async () => {
    const routes = serve(platform({ 1001: ELEANOR }));
    const saved = testConfig.settings.balanceSheet;
    testConfig.settings.balanceSheet = { displayedViews: ['Non-managed', 'Everything'], displayView: 'Everything' };
    try {
      show();
      expect(await screen.findByRole('tab', { name: '3 Assets' })).toBeInTheDocument();
      expect([...document.querySelectorAll('ion-segment-button')].map((b) => b.textContent)).toEqual(['Non-managed', 'Everything']);
      expect(urlsOf(posts(routes)[0]!)[0]).toContain('list_filter=everything');
    } finally {
      testConfig.settings.balanceSheet = saved;
    }
  });

  it.each([404, 500])("says 'There was a problem retrieving one or more assets.' when the first failing result is a %s", async (status) => {
    serve(platform({ 1001: ELEANOR }, (path) => (path.includes('total_amount?list_name=annuity') ? json({ api_message: 'x' }, status) : null)));
    show();
    expect(await screen.findByText('There was a problem retrieving one or more assets.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers the currency menu in multi-currency mode: plan currencies first, then the reporting currency', async () => {
    serve(platform({ 1001: { ...ELEANOR, non_managed: { asset: [apartment] } } }), { toggles: [RAPID, { name: 'multi-currency', enabled: true }] });
    show('/clients/balance-sheet');
    // Managed is all in pounds: no menu.
    await screen.findByRole('tab', { name: '1 Asset' });
    expect(screen.queryByText('Currency')).toBeNull();
    act(() => {
      document.querySelector('ion-segment')!.dispatchEvent(new CustomEvent('ionChange', { detail: { value: 'non_managed' } }));
    });
    const row = (await screen.findByRole('rowheader', { name: /Apartment, Antibes/ })).closest('tr')!;
    expect(screen.getByText('Currency')).toBeInTheDocument();
    expect(row.querySelector('[data-column="totalValue"] [data-figure="value"]')).toHaveTextContent('€240,000');
    expect(screen.getByRole('table').querySelector('[data-figure="total"]')).toHaveTextContent('£205,200');
    fireEvent.click(screen.getByRole('button', { name: 'Convert to GBP' }));
    expect(row.querySelector('[data-column="totalValue"] [data-figure="value"]')).toHaveTextContent('£205,200');
    expect(screen.getByRole('button', { name: 'Convert to original currencies' })).toBeInTheDocument();
  });

  it('stacks the records as cards on a phone, figures as label and value', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width: 767'), media: query, addEventListener() {}, removeEventListener() {} }));
    serve(platform({ 1001: ELEANOR }));
    show();
    const list = await screen.findByRole('list', { name: 'Assets' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Prudential International Investment Bond');
    expect(within(card).getAllByRole('term').map((t) => t.textContent)).toEqual(['Type and policy number', 'Contributions and withdrawals', 'Total value', 'Value owned', '% owned']);
  });

  it('is the same, read-only, for an adviser with the client in context', async () => {
    clientInContextStore.set({ id: 1, entity_id: 1001, display_name: 'Eleanor Whitfield', is_preview_mode: false, site_access_level: 'Portfolio' });
    const routes = serve(platform({ 1001: ELEANOR, 1002: JAMES }));
    show('/clients/balance-sheet', adviserUser);
    const select = await screen.findByRole('combobox', { name: 'Show assets of' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Eleanor Whitfield', 'James Whitfield']);
    expect(await screen.findByRole('rowheader', { name: /Prudential International/ })).toBeInTheDocument();
    expect(routes.calls().some((c) => c.key === 'GET /xplanapi/entity/client/1001/client_group/member')).toBe(true);
    // Nothing that writes: every call is a read.
    expect(routes.calls().every((c) => c.key.startsWith('GET ') || (c.key === 'POST /xplanapi/' && (c.body as { batch: { method: string }[] }).batch.every((b) => b.method === 'GET')))).toBe(true);
  });

  it('shows a skeleton while the figures load', async () => {
    let release: () => void = () => undefined;
    const answer = platform({ 1001: ELEANOR });
    const routes = routeFetch({
      'POST /xplanapi/': (body: { batch: { url: string }[] }) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, body.batch.map((item) => answer(item.url.replace(/^\/resourceful\//, '')))));
        }),
      'GET /xplanapi/entity/client-v3/1001/capability': () => jsonResponse(200, { view_partner: true }),
      'GET /xplanapi/site': () => jsonResponse(200, { version: '24.1.100' }),
      'GET /xplanapi/feature_toggle/toggle_condition': () => jsonResponse(200, [RAPID]),
      'GET /api/feature-toggles': () => jsonResponse(200, []),
    });
    show();
    expect(await screen.findByLabelText('Loading assets')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(posts(routes)).toHaveLength(1));
    await act(async () => release());
    expect(await screen.findByRole('tablist', { name: 'Asset types' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading assets')).toBeNull();
  });

  // Everything: ISA 48,250 + flat 285,000 + bond 65,300 = 398,550 at the foot of Assets, counted
  // 3, as the platform's total would say; the same page whichever way the totals are made.
  it.each([
    ['toggle on, platform 23.5.268 (before 23.5.269)', [RAPID], '23.5.268'],
    ['toggle off, platform 23.10.0 (after 23.5.269)', [], '23.10.0'],
  ])('works the counts and totals out from the rows without rapid totals: %s', async (_, toggles, version) => {
    const routes = serve(platform({ 1001: ELEANOR }), { toggles, version });
    show('/clients/balance-sheet');
    act(() => {
      document.querySelector('ion-segment')!.dispatchEvent(new CustomEvent('ionChange', { detail: { value: 'everything' } }));
    });
    const tabs = await screen.findByRole('tablist', { name: 'Asset types' });
    await waitFor(() => expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['3 Assets', '1 Pension asset', '0 Annuities', '0 Liabilities']));
    expect(screen.getByRole('table', { name: 'Assets' }).querySelector('[data-figure="total"]')).toHaveTextContent('£398,550');
    expect(posts(routes).every((p) => urlsOf(p).every((u) => !u.includes('total_amount')))).toBe(true);
  });

  it('asks for the rapid totals with the toggle on and platform 23.5.269', async () => {
    const routes = serve(platform({ 1001: ELEANOR }), { version: '23.5.269' });
    show('/clients/balance-sheet');
    expect(await screen.findByRole('tab', { name: '1 Asset' })).toBeInTheDocument();
    expect(posts(routes)).toHaveLength(1);
    expect(urlsOf(posts(routes)[0]!).filter((u) => u.includes('total_amount'))).toHaveLength(4);
  });
});
