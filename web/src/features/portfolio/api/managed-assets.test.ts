import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../test/fetch-routes';
import { jsonResponse } from '../../../test/render-with-providers';
import { ASSET_PAGE_SIZE, byValue, fetchManagedAssets, pagesOf, planManagedAssets, readPage } from './managed-assets';

const bd = (value: string) => ({ _type: 'BigDecimal', _val: value });

afterEach(() => vi.unstubAllGlobals());

describe('the managed-assets calls', () => {
  it('asks for the four managed totals and the first page of each list of items in one batch', () => {
    const plan = planManagedAssets(1001);
    expect(plan.calls.map((c) => c.path)).toEqual([
      'entity/client-v4/1001/total_amount?list_name=asset&amount_field=amount&list_filter=managed',
      'entity/client-v4/1001/total_amount?list_name=fund_za&amount_field=fund_value&list_filter=managed',
      'entity/client-v4/1001/total_amount?list_name=annuity&amount_field=current_value&list_filter=managed',
      'entity/client-v4/1001/total_amount?list_name=liability&amount_field=amount&list_filter=managed',
      'entity/client/1001/asset?list_filter=managed&include_association=1&page=1&page_size=50',
      'entity/client/1001/fund_za?list_filter=managed&include_association=1&page=1&page_size=50',
      'entity/client/1001/annuity?list_filter=managed&include_association=1&page=1&page_size=50',
    ]);
  });

  it("reads each list's report-currency value and leaves out a record without one", () => {
    expect(readPage('fund_za', [{ index: 7, desc: 'USS', report_currency: 'GBP', fund_value_in_report_currency: bd('96430.55') }])).toEqual([
      { key: 'fund_za-7', list: 'fund_za', description: 'USS', value: 96430.55, currency: 'GBP' },
    ]);
    expect(readPage('annuity', [{ index: 8, description: 'Annuity', report_currency: 'GBP', current_value_in_report_currency: bd('12000.00') }])[0]!.value).toBe(12000);
    expect(readPage('asset', [{ index: 9, desc: 'Yen deposit', currency: 'JPY', report_currency: 'GBP', amount_in_report_currency: 'Conversion rate unavailable' }])).toEqual([]);
  });

  it('orders by value, largest first, equal values by name', () => {
    const item = (description: string, value: number) => ({ key: description, list: 'asset' as const, description, value, currency: 'GBP' });
    expect(byValue([item('b', 10), item('c', 30), item('a', 10)]).map((i) => i.description)).toEqual(['c', 'a', 'b']);
  });

  it('counts pages of 50', () => {
    expect([0, 1, 50, 51, 100, 101].map(pagesOf)).toEqual([1, 1, 1, 2, 2, 3]);
  });

  // Spec 3 §9: continued while a page returns 50. 120 managed investments: page 1 comes with the
  // totals, whose count (120) puts pages 2 and 3 in one more batch: 2 round trips in all.
  it('follows a full page with every remaining page in one more batch', async () => {
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ index: from + i, desc: `Holding ${from + i}`, report_currency: 'GBP', amount_in_report_currency: bd(`${from + i}.00`) }));
    const answer = (url: string) => {
      const path = url.replace(/^\/resourceful\//, '');
      const params = new URLSearchParams(path.split('?')[1]);
      if (path.includes('total_amount')) {
        const count = params.get('list_name') === 'asset' ? 120 : 0;
        return { code: 200, body: JSON.stringify({ total_amount: bd('0.00'), currency: 'GBP', count }) };
      }
      if (path.startsWith('entity/client/1001/asset')) {
        const page = Number(params.get('page'));
        const start = (page - 1) * ASSET_PAGE_SIZE + 1;
        return { code: 200, body: JSON.stringify(rows(start, Math.max(0, Math.min(ASSET_PAGE_SIZE, 121 - start)))) };
      }
      return { code: 200, body: '[]' };
    };
    const routes = routeFetch({ 'POST /xplanapi/': (body: { batch: { url: string }[] }) => jsonResponse(200, body.batch.map((item) => answer(item.url))) });
    const got = await fetchManagedAssets(1001);
    const posts = routes.calls().filter((c) => c.key === 'POST /xplanapi/');
    expect(posts).toHaveLength(2);
    expect((posts[1]!.body as { batch: { url: string }[] }).batch.map((b) => b.url)).toEqual([
      '/resourceful/entity/client/1001/asset?list_filter=managed&include_association=1&page=2&page_size=50',
      '/resourceful/entity/client/1001/asset?list_filter=managed&include_association=1&page=3&page_size=50',
    ]);
    expect(got.items).toHaveLength(120);
    expect(got.items.slice(0, 3).map((i) => i.value)).toEqual([120, 119, 118]);
  });

  // A list that grew after its count was taken: the last planned page is full, so the next one
  // is asked for, and so on until a page comes back short.
  it('keeps following while the last page is full', async () => {
    const answer = (url: string) => {
      const path = url.replace(/^\/resourceful\//, '');
      const page = Number(new URLSearchParams(path.split('?')[1]).get('page'));
      if (path.includes('total_amount')) return { code: 200, body: JSON.stringify({ total_amount: bd('0.00'), currency: 'GBP', count: path.includes('list_name=asset&') ? 50 : 0 }) };
      if (path.startsWith('entity/client/1001/asset')) {
        const n = page <= 2 ? ASSET_PAGE_SIZE : 3;
        return { code: 200, body: JSON.stringify(Array.from({ length: n }, (_, i) => ({ index: page * 100 + i, desc: 'x', report_currency: 'GBP', amount_in_report_currency: bd('1.00') }))) };
      }
      return { code: 200, body: '[]' };
    };
    const routes = routeFetch({ 'POST /xplanapi/': (body: { batch: { url: string }[] }) => jsonResponse(200, body.batch.map((item) => answer(item.url))) });
    const got = await fetchManagedAssets(1001);
    expect(routes.calls().filter((c) => c.key === 'POST /xplanapi/')).toHaveLength(3);
    expect(got.items).toHaveLength(103);
  });

  // Spec 2 §8: the asset fetch fails when a result is 404 or 500.
  it('fails when a total or a list answers with an error', async () => {
    for (const failing of ['total_amount', 'fund_za']) {
      routeFetch({
        'POST /xplanapi/': (body: { batch: { url: string }[] }) =>
          jsonResponse(
            200,
            body.batch.map((item) =>
              item.url.includes(failing)
                ? { code: 500, body: JSON.stringify({ api_message: 'boom' }) }
                : { code: 200, body: item.url.includes('total_amount') ? JSON.stringify({ total_amount: bd('1.00'), currency: 'GBP', count: 1 }) : '[]' },
            ),
          ),
      });
      await expect(fetchManagedAssets(1001)).rejects.toThrow();
    }
  });
});
