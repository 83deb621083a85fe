import { describe, expect, it } from 'vitest';
import { SITE_ACCESS_GROUP, deriveSiteAccess, effectiveSiteAccess, siteAccessGroup } from './site-access';

const lists = {
  portfolioSiteAccess: ['Client Portfolio'],
  assetSiteAccess: ['Client Assets'],
  messagesSiteAccess: ['Client Messages', 'Messages Only'],
};

describe('deriveSiteAccess', () => {
  it.each([
    ['Client Portfolio', 'Portfolio'],
    ['Client Assets', 'Assets'],
    ['Client Messages', 'Messages'],
    ['Messages Only', 'Messages'],
    ['  client portfolio ', 'Portfolio'],
    ['Something else', 'NotAssigned'],
    ['', 'NotAssigned'],
    [null, 'NotAssigned'],
    [undefined, 'NotAssigned'],
  ] as const)('%o gives %s', (description, expected) => {
    expect(deriveSiteAccess(description, lists)).toBe(expected);
  });

  it('prefers Portfolio, then Assets, when a description is in several lists', () => {
    expect(deriveSiteAccess('Both', { portfolioSiteAccess: ['Both'], assetSiteAccess: ['Both'], messagesSiteAccess: [] })).toBe('Portfolio');
    expect(deriveSiteAccess('Both', { portfolioSiteAccess: [], assetSiteAccess: ['Both'], messagesSiteAccess: ['Both'] })).toBe('Assets');
  });

  it('finds nothing when the lists are empty', () => {
    expect(deriveSiteAccess('Client Portfolio', { portfolioSiteAccess: [], assetSiteAccess: [], messagesSiteAccess: [] })).toBe('NotAssigned');
  });
});

describe('effectiveSiteAccess', () => {
  it('treats NotAssigned as Messages and keeps the others', () => {
    expect(effectiveSiteAccess('NotAssigned')).toBe('Messages');
    expect(effectiveSiteAccess('Portfolio')).toBe('Portfolio');
    expect(effectiveSiteAccess('Assets')).toBe('Assets');
    expect(effectiveSiteAccess('Messages')).toBe('Messages');
  });
});

describe('siteAccessGroup', () => {
  it('maps levels to the platform group values', () => {
    expect(siteAccessGroup('NotAssigned')).toBe(SITE_ACCESS_GROUP.NotAssigned);
    expect(siteAccessGroup('Portfolio')).toBe(1);
    expect(siteAccessGroup('Assets')).toBe(2);
    expect(siteAccessGroup('Messages')).toBe(3);
  });
});
