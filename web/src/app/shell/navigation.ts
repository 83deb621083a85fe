import type { ClientChildKey, NavigationEntry, SiteSettings } from '../../shared/config/site-config';
import type { SiteAccessLevel } from '../../shared/session/site-access';
import { childForSegment } from '../../features/clients/client-access';

/**
 * Which configured navigation entries show (spec 1 §2), as a pure function: entries may be limited
 * by user type and locale; url entries only for Portfolio-access clients and only for local paths;
 * type none is switched off; the valuation report only when a report is available.
 */
export interface NavigationContext {
  userType: 'client' | 'adviser';
  locale: string;
  siteAccess: SiteAccessLevel;
  /** A valuation-report template exists for the user type, or use-client-reports is on. */
  valuationReportAvailable: boolean;
  /** Whether an in-app path leads to a page this build has (absent: every path does). */
  hasPage?(path: string): boolean;
}

export interface NavLinkItem {
  label: string;
  /** An in-app route (type page) or a local URL loaded as a page (type url). */
  to: string;
  kind: 'page' | 'url';
  placement: 'main' | 'account';
}

/** A path on this site: starts with one slash (not a protocol-relative //host). */
export const isLocalPath = (value: string | undefined): value is string => Boolean(value && /^\/(?!\/)/.test(value));

const isValuationReport = (entry: NavigationEntry) => /(^|\/)valuation-report\/?$/.test(entry.path ?? entry.url ?? '');

export function visibleNavigation(entries: readonly NavigationEntry[], ctx: NavigationContext): NavLinkItem[] {
  const locale = ctx.locale.toLowerCase();
  const items: NavLinkItem[] = [];
  for (const entry of entries) {
    if (entry.userTypes && !entry.userTypes.includes(ctx.userType)) continue;
    if (entry.locales && !entry.locales.some((value) => value.toLowerCase() === locale)) continue;
    if (isValuationReport(entry) && !ctx.valuationReportAvailable) continue;
    const placement = entry.placement ?? 'account';
    if (entry.type === 'page' && isLocalPath(entry.path)) {
      if (ctx.hasPage && !ctx.hasPage(entry.path)) continue;
      items.push({ label: entry.label, to: entry.path, kind: 'page', placement });
    } else if (entry.type === 'url' && ctx.userType === 'client' && ctx.siteAccess === 'Portfolio' && isLocalPath(entry.url)) {
      items.push({ label: entry.label, to: entry.url, kind: 'url', placement });
    }
  }
  return items;
}

const BUILT_IN: { child: ClientChildKey; label: string; mobileOnly?: boolean }[] = [
  { child: 'change-password', label: 'Change password' },
  { child: 'security-questions', label: 'Security questions' },
  { child: 'additional-verification', label: 'Additional verification' },
  { child: 'biometric-permission', label: 'Biometric login', mobileOnly: true },
];

/**
 * The account-security pages in My Account that the viewer may open (`mayOpen`: this build has
 * the page and its access rule of spec 1 §2 allows the viewer), unless the configuration already
 * links them (compared by path). A client gets them all; an adviser with a client in context only
 * Biometric login (spec 1 §2: "all in the section"; the others are client only). Biometric login
 * only inside the mobile app, where it means something.
 */
export function accountPageLinks(
  configured: readonly NavLinkItem[],
  settings: Pick<SiteSettings, 'clientBaseSegment' | 'clientSegments'>,
  options: { mobileAppMode: boolean; mayOpen(child: ClientChildKey): boolean },
): NavLinkItem[] {
  const trim = (path: string) => path.replace(/\/+$/, '');
  const taken = new Set(configured.map((item) => trim(item.to)));
  return BUILT_IN.filter((entry) => (!entry.mobileOnly || options.mobileAppMode) && options.mayOpen(entry.child))
    .map((entry) => ({
      label: entry.label,
      to: `/${settings.clientBaseSegment}/${settings.clientSegments[entry.child]}`,
      kind: 'page' as const,
      placement: 'account' as const,
    }))
    .filter((item) => !taken.has(trim(item.to)));
}

/** The client-section child a local path leads to, or null when it is outside the section. */
export function clientChildOfPath(path: string, clientBase: string, segments: Record<ClientChildKey, string>): ClientChildKey | null {
  const prefix = `/${clientBase}/`;
  if (!path.startsWith(prefix)) return null;
  return childForSegment(path.slice(prefix.length).split(/[/?#]/)[0] ?? '', segments);
}
