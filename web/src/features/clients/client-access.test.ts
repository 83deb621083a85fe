import { describe, expect, it } from 'vitest';
import { CLIENT_CHILD_KEYS } from '../../shared/config/site-config';
import type { SiteAccessLevel } from '../../shared/session/site-access';
import type { UserRole } from '../../shared/session/session-user';
import { childForSegment, clientIndexChild, decideClientChildAccess, type ClientAccessContext } from './client-access';

const LEVELS: SiteAccessLevel[] = ['Portfolio', 'Assets', 'Messages', 'NotAssigned'];
const ctx = (over: Partial<ClientAccessContext> = {}): ClientAccessContext => ({
  role: 'ClientUser',
  siteAccess: 'Portfolio',
  locale: 'en-gb',
  ...over,
});
const decide = (child: Parameters<typeof decideClientChildAccess>[0], over: Partial<ClientAccessContext> = {}) =>
  decideClientChildAccess(child, ctx(over)).kind;

describe('client section index', () => {
  it.each([
    ['Portfolio', 'home'],
    ['Assets', 'home'],
    ['Messages', 'documents-and-messages'],
    ['NotAssigned', 'documents-and-messages'],
  ] as const)('site access %s goes to %s', (level, child) => {
    expect(clientIndexChild(level)).toBe(child);
  });
});

describe('site-access gated children', () => {
  // child, levels that are allowed
  const table: [Parameters<typeof decide>[0], SiteAccessLevel[]][] = [
    ['home', ['Portfolio', 'Assets']],
    ['analysis', ['Portfolio']],
    ['balance-sheet', ['Portfolio', 'Assets']],
    ['valuation-report', ['Portfolio', 'Assets']],
    ['documents-and-messages', LEVELS],
    ['personal-details', LEVELS],
    ['adviser-details', LEVELS],
    ['biometric-permission', LEVELS],
  ];
  for (const [child, allowed] of table) {
    for (const level of LEVELS) {
      const expected = allowed.includes(level) ? 'allow' : 'deny';
      it(`${child} with ${level} access: ${expected}`, () => {
        expect(decide(child, { siteAccess: level })).toBe(expected);
        // These rows do not depend on the role.
        expect(decide(child, { siteAccess: level, role: 'User' })).toBe(expected);
      });
    }
  }
});

describe('client-only children', () => {
  const roles: [UserRole, 'allow' | 'deny'][] = [
    ['ClientUser', 'allow'],
    ['User', 'deny'],
  ];
  for (const child of ['security-questions', 'change-password', 'additional-verification'] as const) {
    for (const [role, expected] of roles) {
      it(`${child} for ${role}: ${expected} whatever the site access`, () => {
        for (const level of LEVELS) expect(decide(child, { role, siteAccess: level })).toBe(expected);
      });
    }
  }

  it('preferences: GB locale only; an adviser in context sees them read-only', () => {
    expect(decide('preferences', { locale: 'en-gb' })).toBe('allow');
    expect(decide('preferences', { locale: 'en-GB', siteAccess: 'Messages' })).toBe('allow');
    expect(decide('preferences', { locale: 'en-au' })).toBe('deny');
    expect(decide('preferences', { role: 'User', locale: 'en-gb' })).toBe('allow');
    expect(decide('preferences', { role: 'User', locale: 'en-au' })).toBe('deny');
  });

  it('annual review: a client while InProgress (2) or submitted (4, 5), otherwise back to the section', () => {
    expect(decide('annual-review', { reviewStatus: 2 })).toBe('allow');
    expect(decide('annual-review', { reviewStatus: 4 })).toBe('allow');
    expect(decide('annual-review', { reviewStatus: 5 })).toBe('allow');
    expect(decideClientChildAccess('annual-review', ctx({ reviewStatus: 1 }))).toEqual({ kind: 'redirect', to: 'section-root' });
    expect(decide('annual-review', { reviewStatus: 3 })).toBe('redirect');
    expect(decide('annual-review', { reviewStatus: null })).toBe('redirect');
  });

  it('annual review: an adviser in context sees only a submitted review (read-only)', () => {
    expect(decide('annual-review', { role: 'User', reviewStatus: 2 })).toBe('deny');
    expect(decide('annual-review', { role: 'User', reviewStatus: 3 })).toBe('deny');
    expect(decide('annual-review', { role: 'User', reviewStatus: 4 })).toBe('allow');
    expect(decide('annual-review', { role: 'User', reviewStatus: 5 })).toBe('allow');
  });
});

describe('every child has a rule', () => {
  it.each(CLIENT_CHILD_KEYS)('%s', (child) => {
    expect(['allow', 'deny', 'redirect']).toContain(decide(child, { reviewStatus: 2 }));
  });
});

describe('childForSegment', () => {
  it('maps configured segments back to children', () => {
    const segments = Object.fromEntries(CLIENT_CHILD_KEYS.map((k) => [k, k])) as Record<(typeof CLIENT_CHILD_KEYS)[number], string>;
    segments.home = 'dashboard';
    expect(childForSegment('dashboard', segments)).toBe('home');
    expect(childForSegment('home', segments)).toBeNull();
    expect(childForSegment('documents-and-messages', segments)).toBe('documents-and-messages');
  });
});
