import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, routeFetch } from '../../test/fetch-routes';
import { batch, BATCH_CHUNK_SIZE } from './batch';

afterEach(() => vi.unstubAllGlobals());

const wire = (code: number, body: unknown, msg = 'OK') => ({ name: null, code, msg, headers: {}, body: body === undefined ? null : JSON.stringify(body) });

describe('batch', () => {
  it('sends the calls as one resourceful batch and answers each in order, failures included', async () => {
    const api = routeFetch({
      'POST /xplanapi/': ok([wire(200, { id: 7 }), wire(404, { api_message: 'Resource Not Found', user_message: 'Not found.' }, 'Not Found')]),
    });
    const [first, second] = await batch([{ path: 'entity/client-v3/7' }, { path: '/entity/client/7/client_group/member' }]);
    expect(api.bodyOf('POST /xplanapi/')).toEqual({
      batch: [
        { method: 'GET', url: '/resourceful/entity/client-v3/7' },
        { method: 'GET', url: '/resourceful/entity/client/7/client_group/member' },
      ],
    });
    expect(first).toEqual({ ok: true, status: 200, body: { id: 7 } });
    expect(second).toMatchObject({ ok: false, status: 404, error: { api_message: 'Resource Not Found' } });
  });

  it('sends more than 50 calls in chunks of 50', async () => {
    const api = routeFetch({
      'POST /xplanapi/': (body) => ok((body as { batch: unknown[] }).batch.map(() => wire(200, {})))(),
    });
    const answers = await batch(Array.from({ length: BATCH_CHUNK_SIZE + 3 }, (_, i) => ({ path: `entity/client-v3/${i}` })));
    expect(answers).toHaveLength(53);
    expect(api.calls().map((call) => (call.body as { batch: unknown[] }).batch.length)).toEqual([50, 3]);
  });
});
