import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { CLIENT_DATA_ERRORS, type GroupMember } from '../session/client-data';
import { clientDataQuery, fetchClientData } from './client-data';
import { createQueryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

const lists = { portfolioSiteAccess: ['Client Portfolio'], assetSiteAccess: ['Client Assets'], messagesSiteAccess: ['Client Messages'] };
const choices = [
  { code: '0', description: 'Not Assigned' },
  { code: '1', description: 'Client Portfolio' },
  { code: '2', description: 'Client Assets' },
  { code: '3', description: 'Client Messages' },
];
const wire = (code: number, body: unknown) => ({ name: null, code, msg: code === 200 ? 'OK' : 'Error', headers: {}, body: JSON.stringify(body) });
const member = (entity_id: number, login_accessible: boolean): GroupMember => ({
  entity_id, group_id: 1, login_accessible, first_name: 'A', last_name: 'B', entity_name: 'B, A', partner_entity_id: null,
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

  it('accepts numeric choice codes and null names, as the platform may send them', async () => {
    routeFetch({
      'POST /xplanapi/': ok([
        wire(200, { id: 5, client_access_level: { code: 1, description: null } }),
        wire(200, [{ ...member(5, true), first_name: null }]),
        wire(200, [{ code: 1, description: 'Client Portfolio' }]),
      ]),
    });
    const data = await fetchClientData(5, lists);
    expect(data.siteAccess).toBe('Portfolio');
    expect(data.members[0]).toMatchObject({ first_name: '' });
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

  it('refuses answers of the wrong shape with the spec texts, never half a value', async () => {
    routeFetch({ 'POST /xplanapi/': ok([wire(200, { id: '5' }), wire(200, []), wire(200, choices)]) });
    await expect(fetchClientData(5, lists)).rejects.toThrow(CLIENT_DATA_ERRORS.noClientData);
    routeFetch({ 'POST /xplanapi/': ok([wire(200, { id: 5, client_access_level: { code: '1' } }), wire(200, []), wire(200, { choices })]) });
    await expect(fetchClientData(5, lists)).rejects.toThrow(CLIENT_DATA_ERRORS.lookupFailed);
    routeFetch({ 'POST /xplanapi/': ok([wire(200, { id: 5, client_access_level: { code: '1' } }), wire(200, [{ entity_id: 'x' }]), wire(200, choices)]) });
    await expect(fetchClientData(5, lists)).rejects.toThrow(CLIENT_DATA_ERRORS.noClientData);
  });
});

describe('clientDataQuery', () => {
  it('asks once per client and keeps the failure with its text', async () => {
    const api = routeFetch({
      'POST /xplanapi/': [
        ok([wire(200, { id: 5, client_access_level: { code: '1' } }), wire(200, []), wire(200, choices)]),
        ok([wire(200, { id: 6, client_access_level: { code: '8' } }), wire(200, []), wire(200, choices)]),
      ],
    });
    const client: QueryClient = createQueryClient();
    await client.fetchQuery(clientDataQuery(5, lists));
    await client.fetchQuery(clientDataQuery(5, lists));
    expect(api.calls()).toHaveLength(1);
    await expect(client.fetchQuery(clientDataQuery(6, lists))).rejects.toThrow(CLIENT_DATA_ERRORS.noMapping);
  });
});
