import { describe, expect, it } from 'vitest';
import type { ClientListItem } from './api/client-list';
import { ownSiteAccess, portalViewOptions, rowState } from './client-rows';

const lists = { portfolioSiteAccess: ['Client Portfolio'], assetSiteAccess: ['Client Assets'], messagesSiteAccess: ['Client Messages', 'Messages Only'] };
const choices = [
  { code: '0', description: 'Not Assigned' },
  { code: '1', description: 'Client Portfolio' },
  { code: '2', description: 'Client Assets' },
  { code: '3', description: 'Client Messages' },
  { code: '4', description: 'Messages Only' },
];
const item = (over: Partial<ClientListItem> = {}): ClientListItem => ({
  id: 3,
  entity_name: 'Whitfield, Eleanor',
  preferred_email: 'eleanor@example.co.uk',
  preferred_postcode: 'BS8 4JY',
  dob: '1968-04-17',
  user_id: 12,
  has_client_access: true,
  client_access_level: { code: '1', description: 'Client Portfolio' },
  bookmark: 'b',
  ...over,
});

describe('portal view options', () => {
  it('are the levels the choices lead to, each once, named by the first choice', () => {
    expect(portalViewOptions(choices, lists)).toEqual([
      { level: 'NotAssigned', label: 'Not Assigned' },
      { level: 'Portfolio', label: 'Client Portfolio' },
      { level: 'Assets', label: 'Client Assets' },
      { level: 'Messages', label: 'Client Messages' },
    ]);
  });
});

describe('a row', () => {
  it('starts at the client’s own level, looked up by code among the choices', () => {
    expect(ownSiteAccess(item({ client_access_level: { code: '2', description: 'stale' } }), choices, lists)).toBe('Assets');
    expect(ownSiteAccess(item({ client_access_level: { code: 4, description: null } }), choices, lists)).toBe('Messages');
    expect(ownSiteAccess(item({ client_access_level: null }), choices, lists)).toBe('NotAssigned');
    expect(rowState(item(), undefined, choices, lists)).toEqual({ own: 'Portfolio', level: 'Portfolio', isPreview: false, noAccess: false });
  });

  it('is preview mode when the chosen level differs from the client’s own, or the client has no login', () => {
    expect(rowState(item(), 'Assets', choices, lists)).toMatchObject({ level: 'Assets', isPreview: true, noAccess: false });
    expect(rowState(item(), 'Portfolio', choices, lists).isPreview).toBe(false);
    expect(rowState(item({ user_id: null, has_client_access: false }), undefined, choices, lists)).toMatchObject({ isPreview: true, noAccess: false });
  });

  it('is "No client access" with a login that is not enabled, unless another level is chosen', () => {
    const disabled = item({ has_client_access: false });
    expect(rowState(disabled, undefined, choices, lists)).toMatchObject({ isPreview: false, noAccess: true });
    expect(rowState(disabled, 'Portfolio', choices, lists).noAccess).toBe(true);
    expect(rowState(disabled, 'Messages', choices, lists)).toMatchObject({ isPreview: true, noAccess: false });
  });
});
