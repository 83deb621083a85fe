import type { SiteSettings } from '../config/site-config';

/**
 * Site access (spec 1 §3): the client's client_access_level description is matched against the
 * three configured lists. Matching ignores case and surrounding spaces, because the values are
 * typed by firms into the platform's choice list. No match is NotAssigned, treated as Messages.
 */
export type SiteAccessLevel = 'Portfolio' | 'Assets' | 'Messages' | 'NotAssigned';

/** The platform's group values for each level. */
export const SITE_ACCESS_GROUP = {
  NotAssigned: 0,
  ClientPortfolio: 1,
  ClientAssets: 2,
  ClientMessages: 3,
} as const;

type AccessLists = Pick<SiteSettings, 'portfolioSiteAccess' | 'assetSiteAccess' | 'messagesSiteAccess'>;

const normalise = (value: string) => value.trim().toLowerCase();

export function deriveSiteAccess(description: string | null | undefined, lists: AccessLists): SiteAccessLevel {
  if (!description) return 'NotAssigned';
  const wanted = normalise(description);
  const has = (list: string[]) => list.some((entry) => normalise(entry) === wanted);
  if (has(lists.portfolioSiteAccess)) return 'Portfolio';
  if (has(lists.assetSiteAccess)) return 'Assets';
  if (has(lists.messagesSiteAccess)) return 'Messages';
  return 'NotAssigned';
}

/** What the level allows: NotAssigned behaves as Messages. */
export function effectiveSiteAccess(level: SiteAccessLevel): Exclude<SiteAccessLevel, 'NotAssigned'> {
  return level === 'NotAssigned' ? 'Messages' : level;
}

export function siteAccessGroup(level: SiteAccessLevel): number {
  switch (level) {
    case 'Portfolio':
      return SITE_ACCESS_GROUP.ClientPortfolio;
    case 'Assets':
      return SITE_ACCESS_GROUP.ClientAssets;
    case 'Messages':
      return SITE_ACCESS_GROUP.ClientMessages;
    default:
      return SITE_ACCESS_GROUP.NotAssigned;
  }
}

export const hasPortfolioOrAssets = (level: SiteAccessLevel) => level === 'Portfolio' || level === 'Assets';
