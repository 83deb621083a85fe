import { describe, expect, it } from 'vitest';
import { decideClientChildAccess } from '../../features/clients/client-access';
import type { ClientChildKey, NavigationEntry } from '../../shared/config/site-config';
import { testConfig } from '../../test/render-with-providers';
import { accountPageLinks, clientChildOfPath, isLocalPath, visibleNavigation, type NavigationContext } from './navigation';

const client: NavigationContext = { userType: 'client', locale: 'en-gb', siteAccess: 'Portfolio', valuationReportAvailable: false };

const entries: NavigationEntry[] = [
  { type: 'page', label: 'Personal details', path: '/clients/personal-details', userTypes: ['client'] },
  { type: 'page', label: 'Preferences', path: '/clients/preferences', userTypes: ['client'], locales: ['en-GB'] },
  { type: 'page', label: 'Adviser tools', path: '/advisers/tools', userTypes: ['adviser'], placement: 'main' },
  { type: 'url', label: 'Review', url: '/core/review' },
  { type: 'url', label: 'Elsewhere', url: 'https://example.com/x' },
  { type: 'url', label: 'Sneaky', url: '//example.com/x' },
  { type: 'none', label: 'Heading only' },
  { type: 'page', label: 'Valuation report', path: '/clients/valuation-report' },
];

describe('visibleNavigation', () => {
  it('limits entries by user type and locale', () => {
    expect(visibleNavigation(entries, client).map((item) => item.label)).toEqual(['Personal details', 'Preferences', 'Review']);
    expect(visibleNavigation(entries, { ...client, locale: 'en-au' }).map((item) => item.label)).not.toContain('Preferences');
    const adviser = visibleNavigation(entries, { ...client, userType: 'adviser' });
    expect(adviser).toEqual([{ label: 'Adviser tools', to: '/advisers/tools', kind: 'page', placement: 'main' }]);
  });

  it('shows url entries only to Portfolio clients and only for local paths', () => {
    expect(visibleNavigation(entries, { ...client, siteAccess: 'Assets' }).map((item) => item.label)).not.toContain('Review');
    expect(visibleNavigation(entries, client).find((item) => item.label === 'Review')).toEqual({
      label: 'Review',
      to: '/core/review',
      kind: 'url',
      placement: 'account',
    });
    expect(isLocalPath('/core/review')).toBe(true);
    expect(isLocalPath('//evil.example')).toBe(false);
    expect(isLocalPath('https://x')).toBe(false);
  });

  it('shows the valuation report only when a report is available', () => {
    expect(visibleNavigation(entries, { ...client, valuationReportAvailable: true }).map((item) => item.label)).toContain(
      'Valuation report',
    );
  });

  it('adds the account-security pages a configuration does not link', () => {
    const configured = visibleNavigation(testConfig.content.navigation, client);
    expect(configured.map((item) => item.label)).toEqual(['Balance Sheet', 'Personal details', 'Adviser details', 'Preferences', 'Change password']);
    const asClient = (child: ClientChildKey) => decideClientChildAccess(child, { role: 'ClientUser', siteAccess: 'Portfolio', locale: 'en-gb' }).kind === 'allow';
    const extra = accountPageLinks(configured, testConfig.settings, { mobileAppMode: false, mayOpen: asClient });
    expect(extra.map((item) => [item.label, item.to])).toEqual([
      ['Security questions', '/clients/security-questions'],
      ['Additional verification', '/clients/additional-verification'],
    ]);
    expect(accountPageLinks(configured, testConfig.settings, { mobileAppMode: true, mayOpen: asClient }).map((item) => item.label)).toContain(
      'Biometric login',
    );
    expect(accountPageLinks(configured, testConfig.settings, { mobileAppMode: true, mayOpen: () => false })).toEqual([]);
  });

  it('offers an adviser with a client in context Biometric login alone, and only in the app (spec 1 §2: "all in the section")', () => {
    const asAdviser = (child: ClientChildKey) => decideClientChildAccess(child, { role: 'User', siteAccess: 'Portfolio', locale: 'en-gb' }).kind === 'allow';
    expect(accountPageLinks([], testConfig.settings, { mobileAppMode: true, mayOpen: asAdviser }).map((item) => [item.label, item.to])).toEqual([
      ['Biometric login', '/clients/biometric-permission'],
    ]);
    expect(accountPageLinks([], testConfig.settings, { mobileAppMode: false, mayOpen: asAdviser })).toEqual([]);
  });
});

describe('links to pages this build has', () => {
  const segments = Object.fromEntries(
    ['home', 'analysis', 'personal-details', 'change-password'].map((key) => [key, key === 'personal-details' ? 'my-details' : key]),
  ) as unknown as Parameters<typeof clientChildOfPath>[2];

  it('finds the client-section child of a path by its configured segment', () => {
    expect(clientChildOfPath('/clients/my-details', 'clients', segments)).toBe('personal-details');
    expect(clientChildOfPath('/clients/change-password/?x=1', 'clients', segments)).toBe('change-password');
    expect(clientChildOfPath('/clients/personal-details', 'clients', segments)).toBeNull();
    expect(clientChildOfPath('/core/cookie-policy', 'clients', segments)).toBeNull();
  });

  it('hides page entries whose page does not exist', () => {
    const hasPage = (path: string) => !path.endsWith('/clients/personal-details');
    const labels = visibleNavigation(entries, { ...client, hasPage }).map((item) => item.label);
    expect(labels).not.toContain('Personal details');
    expect(labels.length).toBeGreaterThan(0);
  });
});
