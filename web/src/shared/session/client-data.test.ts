import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import {
  CLIENT_DATA_ERRORS,
  clientDataStore,
  fetchClientData,
  loadClientData,
  siteAccessFromChoices,
  viewedSiteAccess,
  type GroupMember,
} from './client-data';

afterEach(() => {
  vi.unstubAllGlobals();
  clientDataStore.reset();
});

const lists = { portfolioSiteAccess: ['Client Portfolio'], assetSiteAccess: ['Client Assets'], messagesSiteAccess: ['Client Messages'] };
const choices = [
  { code: '0', description: 'Not Assigned' },
  { code: '1', description: 'Client Portfolio' },
  { code: '2', description: 'Client Assets' },
  { code: '3', description: 'Client Messages' },
  { code: '9', description: 'Legacy access' },
];
const wire = (code: number, body: unknown) => ({ name: null, code, msg: code === 200 ? 'OK' : 'Error', headers: {}, body: JSON.stringify(body) });
const member = (entity_id: number, login_accessible: boolean): GroupMember => ({
  entity_id, group_id: 1, login_accessible, first_name: 'A', last_name: 'B', entity_name: 'B, A', partner_entity_id: null,
});

describe('siteAccessFromChoices', () => {
  it('looks the code up among the choices and matches the description against the lists', () => {
    expect(siteAccessFromChoices({ code: '1', description: 'stale text' }, choices, lists)).toBe('Portfolio');
    expect(siteAccessFromChoices({ code: '2', description: '' }, choices, lists)).toBe('Assets');
    expect(siteAccessFromChoices({ code: '3', description: '' }, choices, lists)).toBe('Messages');
    expect(siteAccessFromChoices({ code: '9', description: '' }, choices, lists)).toBe('NotAssigned');
    expect(siteAccessFromChoices(null, choices, lists)).toBe('NotAssigned');
  });

  it('says when the choices or the mapping are missing', () => {
    expect(() => siteAccessFromChoices({ code: '1', description: '' }, [], lists)).toThrow(CLIENT_DATA_ERRORS.lookupFailed);
    expect(() => siteAccessFromChoices({ code: '1', description: '' }, undefined, lists)).toThrow(CLIENT_DATA_ERRORS.lookupFailed);
    expect(() => siteAccessFromChoices({ code: '7', description: '' }, choices, lists)).toThrow(CLIENT_DATA_ERRORS.noMapping);
  });
});

describe('fetchClientData', () => {
  it('loads the record, the login-accessible group members and the site access in one batch', async () => {
    const api = routeFetch({
      'POST /xplanapi/': ok([wire(200, { id: 5, client_access_level: { code: '2', description: 'Client Assets' } }), wire(200, [member(5, true), member(6, true), member(7, false)]), wire(200, choices)]),
    });
    const data = await fetchClientData(5, lists);
    expect(api.calls()).toHaveLength(1);
    expect((api.bodyOf('POST /xplanapi/') as { batch: { url: string }[] }).batch.map((item) => item.url)).toEqual([
      '/resourceful/entity/client-v3/5',
      '/resourceful/entity/client/5/client_group/member',
      '/resourceful/ufield/entity/client_access_level/choice',
    ]);
    expect(data.siteAccess).toBe('Assets');
    expect(data.members.map((m) => m.entity_id)).toEqual([5, 6]);
  });

  it('fails with the spec texts', async () => {
    routeFetch({ 'POST /xplanapi/': ok([wire(404, { api_message: 'Resource Not Found' }), wire(200, []), wire(200, choices)]) });
    await expect(fetchClientData(5, lists)).rejects.toThrow(CLIENT_DATA_ERRORS.noClientData);
    routeFetch({ 'POST /xplanapi/': ok([wire(200, { id: 5, client_access_level: { code: '1' } }), wire(200, []), wire(404, {})]) });
    await expect(fetchClientData(5, lists)).rejects.toThrow(CLIENT_DATA_ERRORS.lookupFailed);
    routeFetch({ 'POST /xplanapi/': ok([wire(200, { id: 5, client_access_level: { code: '1' } }), wire(200, []), wire(500, {})]) });
    await expect(fetchClientData(5, lists)).rejects.toThrow(CLIENT_DATA_ERRORS.choicesFailed);
    routeFetch({ 'POST /xplanapi/': fail(500, { api_message: 'Internal server error' }) });
    await expect(fetchClientData(5, lists)).rejects.toThrow(CLIENT_DATA_ERRORS.choicesFailed);
  });
});

describe('loadClientData', () => {
  it('keeps the result, or the failure with its text, in the store, once per client', async () => {
    const api = routeFetch({
      'POST /xplanapi/': [
        ok([wire(200, { id: 5, client_access_level: { code: '1' } }), wire(200, []), wire(200, choices)]),
        ok([wire(200, { id: 6, client_access_level: { code: '8' } }), wire(200, []), wire(200, choices)]),
      ],
    });
    await loadClientData(5, lists);
    await loadClientData(5, lists);
    expect(api.calls()).toHaveLength(1);
    expect(clientDataStore.get()).toMatchObject({ status: 'loaded', data: { entityId: 5, siteAccess: 'Portfolio' } });
    await loadClientData(6, lists);
    expect(clientDataStore.get()).toEqual({ status: 'failed', entityId: 6, error: CLIENT_DATA_ERRORS.noMapping });
  });

  it('drops an answer that arrives after logout', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const pending = loadClientData(5, lists);
    clientDataStore.reset();
    answer(new Response(JSON.stringify([wire(200, { id: 5 }), wire(200, []), wire(200, choices)]), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await pending;
    expect(clientDataStore.get()).toEqual({ status: 'idle' });
  });
});

describe('viewedSiteAccess', () => {
  const client = { role_name: 'ClientUser', entity_id: 5 };
  const adviser = { role_name: 'User', entity_id: 1 };
  it('is a client’s loaded site access, null while loading, NotAssigned when it failed', () => {
    expect(viewedSiteAccess(client, { status: 'loading', entityId: 5 }, null, lists)).toBeNull();
    expect(viewedSiteAccess(client, { status: 'failed', entityId: 5, error: 'x' }, null, lists)).toBe('NotAssigned');
    const data = { entityId: 5, client: { id: 5, client_access_level: null }, members: [], siteAccess: 'Assets' as const };
    expect(viewedSiteAccess(client, { status: 'loaded', data }, null, lists)).toBe('Assets');
    expect(viewedSiteAccess({ ...client, entity_id: 6 }, { status: 'loaded', data }, null, lists)).toBeNull();
  });

  it('is an adviser’s client in context’s', () => {
    expect(viewedSiteAccess(adviser, { status: 'idle' }, null, lists)).toBeNull();
    expect(viewedSiteAccess(adviser, { status: 'idle' }, { client_access_level: { code: '3', description: 'Client Messages' } }, lists)).toBe('Messages');
  });
});
