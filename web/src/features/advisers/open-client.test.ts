import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientCapabilitiesQuery } from '../../shared/api/client-capabilities';
import { clientContextQuery } from '../../shared/api/client-context';
import { viewedClientQuery } from '../../shared/api/client-record';
import { clientInContextStore, type ClientInContext } from '../../shared/session/client-in-context';
import { ok, routeFetch } from '../../test/fetch-routes';
import { testQueryClient } from '../../test/render-with-providers';
import { clientListQuery, DEFAULT_SORT } from './api/client-list';
import { openClient } from './open-client';

const priya: ClientInContext = { id: 4, entity_id: 4, display_name: 'Priya Raman', site_access_level: 'Assets', is_preview_mode: false, has_client_access: true };

afterEach(() => {
  vi.unstubAllGlobals();
  clientInContextStore.reset();
  sessionStorage.clear();
});

describe('choosing a client (spec 3 §4.5)', () => {
  it('clears stored client data and the previous client’s queries before the portal switches, then loads the capabilities', async () => {
    const queryClient = testQueryClient();
    // The first client's data, in the browser and in the cache; the adviser's own list.
    sessionStorage.setItem('persist:dashboard', '{"client":3}');
    sessionStorage.setItem('coa_filter', '12');
    localStorage.setItem('persist:filter', '{}');
    queryClient.setQueryData(viewedClientQuery(3).queryKey, { id: 3, entity_name: 'Whitfield, Eleanor', first_name: 'Eleanor', last_name: 'Whitfield', preferred_name: null, locale: 'en-gb' });
    queryClient.setQueryData(clientCapabilitiesQuery(3).queryKey, { view_portfolio: true });
    const calls = routeFetch({
      'GET /xplanapi/entity/client-v3/': ok([]),
      'GET /xplanapi/entity/client-v3/4/capability': ok({ view_portfolio: false, view_partner: true }),
    });
    await queryClient.prefetchInfiniteQuery(clientListQuery('', DEFAULT_SORT));
    clientInContextStore.set({ ...priya, id: 3, entity_id: 3, display_name: 'Eleanor Whitfield', site_access_level: 'Portfolio' });

    const seenAtSwitch: unknown[] = [];
    const putContext = vi.fn(async (clientId: number, level?: string) => {
      seenAtSwitch.push(sessionStorage.length, localStorage.getItem('persist:filter'), queryClient.getQueryData(viewedClientQuery(3).queryKey));
      expect([clientId, level]).toEqual([4, 'Assets']);
      return priya;
    });

    const client = await openClient({ clientId: 4, siteAccessLevel: 'Assets' }, { queryClient, putContext });

    expect(seenAtSwitch).toEqual([0, null, undefined]);
    expect(client).toEqual(priya);
    expect(clientInContextStore.get()).toEqual(priya);
    expect(queryClient.getQueryData(clientContextQuery().queryKey)).toEqual(priya);
    expect(queryClient.getQueryData(clientCapabilitiesQuery(3).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(clientCapabilitiesQuery(4).queryKey)).toEqual({ view_portfolio: false, view_partner: true });
    // The adviser's own list stays: returning to it is instant.
    expect(queryClient.getQueryData(clientListQuery('', DEFAULT_SORT).queryKey)).toBeDefined();
    expect(calls.calls().map((call) => call.key)).toEqual(['GET /xplanapi/entity/client-v3/', 'GET /xplanapi/entity/client-v3/4/capability']);
    // Nothing about the client went to localStorage.
    expect(localStorage.length).toBe(0);
  });

  it('leaves the client in context alone when the portal refuses the client', async () => {
    const queryClient = testQueryClient();
    const refusal = new Error('You do not have access to this client.');
    await expect(openClient({ clientId: 9, siteAccessLevel: 'Portfolio' }, { queryClient, putContext: async () => Promise.reject(refusal) })).rejects.toBe(refusal);
    expect(clientInContextStore.get()).toBeNull();
  });
});
