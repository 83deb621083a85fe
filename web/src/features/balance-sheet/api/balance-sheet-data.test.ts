import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch-routes';
import { jsonResponse } from '../../../test/render-with-providers';
import { AssetsError, fetchBalanceSheet, planBalanceSheet } from './balance-sheet-data';

const bd = (value: string) => ({ _type: 'BigDecimal', _val: value });

afterEach(() => vi.unstubAllGlobals());

type Answer = { code: number; body: string };
const json = (body: unknown, code = 200): Answer => ({ code, body: JSON.stringify(body) });

function serve(answer: (path: string, params: URLSearchParams) => Answer) {
  return routeFetch({
    'POST /xplanapi/': (body: { batch: { url: string }[] }) =>
      jsonResponse(
        200,
        body.batch.map((item) => {
          const path = item.url.replace(/^\/resourceful\//, '');
          return answer(path, new URLSearchParams(path.split('?')[1]));
        }),
      ),
  });
}

const total = (count: number, value = '0.00') => json({ total_amount: bd(value), currency: 'GBP', count });

describe("the balance sheet's calls", () => {
  it("asks for the member's four lists with their owners, the four totals and the member's region, in the view, in one batch", () => {
    expect(planBalanceSheet(1002, 'non_managed').calls.map((c) => c.path)).toEqual([
      'entity/client/1002/asset?list_filter=non_managed&include_association=1&page=1&page_size=50',
      'entity/client/1002/fund_za?list_filter=non_managed&include_association=1&page=1&page_size=50',
      'entity/client/1002/annuity?list_filter=non_managed&include_association=1&page=1&page_size=50',
      'entity/client/1002/liability?list_filter=non_managed&include_association=1&page=1&page_size=50',
      'entity/client-v4/1002/total_amount?list_name=asset&amount_field=amount&list_filter=non_managed',
      'entity/client-v4/1002/total_amount?list_name=fund_za&amount_field=fund_value&list_filter=non_managed',
      'entity/client-v4/1002/total_amount?list_name=annuity&amount_field=current_value&list_filter=non_managed',
      'entity/client-v4/1002/total_amount?list_name=liability&amount_field=amount&list_filter=non_managed',
      'entity/client-v3/1002?fields.0=region',
    ]);
  });

  it('reads the lists, counts, totals and region after one round trip', async () => {
    const routes = serve((path, params) => {
      if (path.includes('total_amount')) return params.get('list_name') === 'liability' ? total(1, '14350.00') : total(0);
      if (path.startsWith('entity/client-v3/')) return json({ region: 'ZA' });
      if (path.startsWith('entity/client/1001/liability')) return json([{ index: 12, currency: 'ZAR', package_name: 'Car loan', supplier: 'Wesbank', rate: bd('11.25'), amount: bd('14350.00'), amount_in_report_currency: bd('14350.00') }]);
      return json([]);
    });
    const data = await fetchBalanceSheet(1001, 'everything', true);
    expect(routes.calls().filter((c) => c.key === 'POST /xplanapi/')).toHaveLength(1);
    expect(data.region).toBe('ZA');
    expect(data.lists.map((l) => [l.list, l.count, l.totalText])).toEqual([
      ['asset', 0, '0.00'],
      ['fund_za', 0, '0.00'],
      ['annuity', 0, '0.00'],
      ['liability', 1, '14350.00'],
    ]);
    expect(data.lists[3]!.rows[0]).toMatchObject({ description: 'Car loan', provider: 'Wesbank', rate: 11.25 });
  });

  // 75 investments: page 1 comes with the totals, whose count (75) puts page 2 in one more batch.
  it('follows a full first page with the remaining pages in one more batch', async () => {
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ index: from + i, currency: 'GBP', desc: `Holding ${from + i}`, amount: bd('1.00'), amount_in_report_currency: bd('1.00') }));
    const routes = serve((path, params) => {
      if (path.includes('total_amount')) return total(params.get('list_name') === 'asset' ? 75 : 0);
      if (path.startsWith('entity/client/1001/asset')) return json(params.get('page') === '1' ? rows(1, 50) : rows(51, 25));
      if (path.startsWith('entity/client-v3/')) return json({ region: 'GB' });
      return json([]);
    });
    const data = await fetchBalanceSheet(1001, 'managed', true);
    expect(routes.calls().filter((c) => c.key === 'POST /xplanapi/')).toHaveLength(2);
    expect(data.lists[0]!.rows).toHaveLength(75);
  });

  it("fails with the spec's text when the first failing result is a 404 or 500, whatever the region call did", async () => {
    serve((path) => (path.startsWith('entity/client/1001/fund_za') ? json({ api_message: 'Resource Not Found' }, 404) : path.includes('total_amount') ? total(0) : json([])));
    await expect(fetchBalanceSheet(1001, 'managed', true)).rejects.toEqual(new AssetsError('There was a problem retrieving one or more assets.'));
    // The region alone failing is not an asset failure: the member's rows show with GB's fields.
    serve((path) => (path.startsWith('entity/client-v3/') ? json({ api_message: 'boom' }, 500) : path.includes('total_amount') ? total(0) : json([])));
    expect((await fetchBalanceSheet(1001, 'managed', true)).region).toBe('GB');
  });

  it('leaves the total_amount calls out without rapid totals', () => {
    expect(planBalanceSheet(1002, 'managed', false).calls.map((c) => c.path)).toEqual([
      'entity/client/1002/asset?list_filter=managed&include_association=1&page=1&page_size=50',
      'entity/client/1002/fund_za?list_filter=managed&include_association=1&page=1&page_size=50',
      'entity/client/1002/annuity?list_filter=managed&include_association=1&page=1&page_size=50',
      'entity/client/1002/liability?list_filter=managed&include_association=1&page=1&page_size=50',
      'entity/client-v3/1002?fields.0=region',
    ]);
  });

  // Without rapid totals: 75 investments of 1.10 each come as page 1 (50 rows), then page 2 (25
  // rows, not full: the last). Count 75; total 75 x 1.10 = 82.50 (in pence 75 x 110 = 8,250).
  // One liability of 14,350.00 and no pensions or annuities (count 0, total 0.00, in the
  // member's reporting currency, AUD, which the other lists name).
  it('follows every page while one comes back full and works the counts and totals out from the rows', async () => {
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ index: from + i, currency: 'AUD', report_currency: 'AUD', desc: `Holding ${from + i}`, amount: bd('1.10'), amount_in_report_currency: bd('1.10') }));
    const routes = serve((path, params) => {
      if (path.includes('total_amount')) throw new Error('no rapid totals were to be asked for');
      if (path.startsWith('entity/client/1001/asset')) return json(params.get('page') === '1' ? rows(1, 50) : params.get('page') === '2' ? rows(51, 25) : []);
      if (path.startsWith('entity/client/1001/liability')) return json([{ index: 9, currency: 'AUD', report_currency: 'AUD', package_name: 'Home loan', rate: bd('6.05'), amount: bd('14350.00'), amount_in_report_currency: bd('14350.00') }]);
      if (path.startsWith('entity/client-v3/')) return json({ region: 'AU' });
      return json([]);
    });
    const data = await fetchBalanceSheet(1001, 'managed', false);
    const batches = routes.calls().filter((c) => c.key === 'POST /xplanapi/');
    expect(batches).toHaveLength(2);
    expect((batches[1]!.body as { batch: { url: string }[] }).batch.map((b) => b.url)).toEqual([
      '/resourceful/entity/client/1001/asset?list_filter=managed&include_association=1&page=2&page_size=50',
    ]);
    expect(data.lists.map((l) => [l.list, l.count, l.total, l.totalText, l.currency])).toEqual([
      ['asset', 75, 82.5, '82.50', 'AUD'],
      ['fund_za', 0, 0, '0.00', 'AUD'],
      ['annuity', 0, 0, '0.00', 'AUD'],
      ['liability', 1, 14350, '14350.00', 'AUD'],
    ]);
  });
});
