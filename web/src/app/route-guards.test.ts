import { describe, expect, it } from 'vitest';
import type { SessionState } from '../shared/session/session-context';
import type { SessionUser } from '../shared/session/session-user';
import { anonymousOnly, indexDestination, sectionAccess } from './route-guards';

const sections = { clientBase: 'clients', adviserBase: 'advisers' };
const signedIn = (role_name: SessionUser['role_name']): SessionState => ({
  status: 'signed-in',
  user: { role_name } as SessionUser,
});
const checking: SessionState = { status: 'checking' };
const anonymous: SessionState = { status: 'anonymous' };

describe('index route', () => {
  it('waits for the session check', () => {
    expect(indexDestination(checking, sections)).toEqual({ kind: 'wait' });
  });
  it('sends clients to the client section and advisers to the adviser section', () => {
    expect(indexDestination(signedIn('ClientUser'), sections)).toEqual({ kind: 'go', to: '/clients/' });
    expect(indexDestination(signedIn('User'), sections)).toEqual({ kind: 'go', to: '/advisers/' });
  });
  it('sends everyone else to login', () => {
    expect(indexDestination(anonymous, sections)).toEqual({ kind: 'go', to: '/login' });
    expect(indexDestination(signedIn('Other' as SessionUser['role_name']), sections)).toEqual({ kind: 'go', to: '/login' });
  });
  it('uses the configured client base segment', () => {
    expect(indexDestination(signedIn('ClientUser'), { ...sections, clientBase: 'portal' })).toEqual({ kind: 'go', to: '/portal/' });
  });
});

describe('anonymous-only routes', () => {
  it('shows the page to anonymous users and sends signed-in users on', () => {
    expect(anonymousOnly(anonymous, sections)).toEqual({ kind: 'show' });
    expect(anonymousOnly(checking, sections)).toEqual({ kind: 'wait' });
    expect(anonymousOnly(signedIn('ClientUser'), sections)).toEqual({ kind: 'go', to: '/clients/' });
    expect(anonymousOnly(signedIn('User'), sections)).toEqual({ kind: 'go', to: '/advisers/' });
  });
});

describe('section access', () => {
  it.each([
    ['clients', anonymous, 'login'],
    ['advisers', anonymous, 'login'],
    ['clients', checking, 'wait'],
    ['clients', signedIn('ClientUser'), 'allow'],
    // The client section itself asks the portal for the adviser's client in context.
    ['clients', signedIn('User'), 'allow'],
    ['advisers', signedIn('User'), 'allow'],
    ['advisers', signedIn('ClientUser'), 'denied'],
  ] as const)('%s for %o is %s', (section, session, expected) => {
    expect(sectionAccess(section, session)).toBe(expected);
  });
});
