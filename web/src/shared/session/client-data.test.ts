import { describe, expect, it } from 'vitest';
import { CLIENT_DATA_ERRORS, siteAccessFromChoices, viewedSiteAccess } from './client-data';

const lists = { portfolioSiteAccess: ['Client Portfolio'], assetSiteAccess: ['Client Assets'], messagesSiteAccess: ['Client Messages'] };
const choices = [
  { code: '0', description: 'Not Assigned' },
  { code: '1', description: 'Client Portfolio' },
  { code: '2', description: 'Client Assets' },
  { code: '3', description: 'Client Messages' },
  { code: '9', description: 'Legacy access' },
];

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

describe('viewedSiteAccess', () => {
  const client = { role_name: 'ClientUser', entity_id: 5 };
  const adviser = { role_name: 'User', entity_id: 1 };
  it('is a client’s loaded site access, null while loading, NotAssigned when it failed', () => {
    expect(viewedSiteAccess(client, { status: 'loading', entityId: 5 }, null)).toBeNull();
    expect(viewedSiteAccess(client, { status: 'failed', entityId: 5, error: 'x' }, null)).toBe('NotAssigned');
    const data = { entityId: 5, client: { id: 5, client_access_level: null }, members: [], siteAccess: 'Assets' as const };
    expect(viewedSiteAccess(client, { status: 'loaded', data }, null)).toBe('Assets');
    expect(viewedSiteAccess({ ...client, entity_id: 6 }, { status: 'loaded', data }, null)).toBeNull();
  });

  it('is the portal view an adviser chose for the client in context', () => {
    expect(viewedSiteAccess(adviser, { status: 'idle' }, null)).toBeNull();
    expect(viewedSiteAccess(adviser, { status: 'idle' }, { site_access_level: 'Messages' })).toBe('Messages');
    expect(viewedSiteAccess(adviser, { status: 'idle' }, { site_access_level: 'NotAssigned' })).toBe('NotAssigned');
  });
});
