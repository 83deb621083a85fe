import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { ClientChildKey } from '../../shared/config/site-config';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { useClientContextSync } from '../../shared/api/client-context';
import { useViewedClient } from '../../shared/api/client-record';
import { useSession } from '../../shared/session/session-context';
import { viewedSiteAccess } from '../../shared/session/client-data';
import { useClientData } from '../../shared/api/client-data';
import { useJourneyStatuses } from '../../shared/api/journey-statuses';
import { InlineLoading, LoadingScreen } from '../../shared/ui/loading-screen';
import { AccessDeniedPage } from '../../shared/ui/access-denied-page';
import { NotFoundPage } from '../../shared/ui/not-found-page';
import { childForSegment, clientIndexChild, decideClientChildAccess, type ClientAccessContext } from './client-access';
import { lazyChunk } from '../../shared/lazy/lazy-chunk';
import { NoClientInContextPage } from './pages/no-client-in-context-page';

type Pages = Partial<Record<ClientChildKey, LazyExoticComponent<ComponentType>>>;

/**
 * The client section's own pages so far; children without a page show Page Not Found, and the
 * shell hides navigation to them (docs/decisions: links only to pages that exist).
 */
export const CLIENT_PAGES: Pages = {
  home: lazyChunk(() => import('./pages/client-home-page')),
  analysis: lazyChunk(() => import('../analysis/pages/analysis-page')),
  'balance-sheet': lazyChunk(() => import('../balance-sheet/pages/balance-sheet-page')),
  'documents-and-messages': lazyChunk(() => import('../messages/pages/messages-page')),
  'personal-details': lazyChunk(() => import('../personal/pages/personal-details-page')),
  preferences: lazyChunk(() => import('../personal/pages/preferences-page')),
  'adviser-details': lazyChunk(() => import('../personal/pages/adviser-details-page')),
  'valuation-report': lazyChunk(() => import('../reports/pages/valuation-report-page')),
  'annual-review': lazyChunk(() => import('../review/pages/annual-review-page')),
};

interface Props {
  /** Pages other features provide (the account-security pages), composed by the app. */
  pages?: Pages;
}

export function ClientSection({ pages }: Props) {
  const { settings } = useSiteConfig();
  const { user } = useSession();
  const { pending, client: clientInContext } = useClientContextSync();
  const viewedClient = useViewedClient(clientInContext?.entity_id ?? null);
  const clientData = useClientData();
  if (!user) return null;
  if (user.role_name !== 'ClientUser') {
    // An adviser sees the section as the client in context sees it; on a reload the portal's
    // session says which client that is (GET /api/client-context).
    if (pending) return <InlineLoading label="Loading your client" />;
    if (!clientInContext) return <NoClientInContext pages={{ ...CLIENT_PAGES, ...pages }} />;
  }
  const siteAccess = viewedSiteAccess(user, clientData, clientInContext);
  // hasLoadedSiteAccess (spec 1 §3): no page is decided before the site access is known.
  if (siteAccess === null && user.role_name === 'ClientUser') return <LoadingScreen label="Loading your details" />;
  const context: ClientAccessContext = {
    role: user.role_name,
    siteAccess: siteAccess ?? 'NotAssigned',
    // The viewed client's locale (an adviser's client once their record is in).
    locale: (clientInContext ? viewedClient.data?.locale : null) ?? user.locale,
    // Read by the annual review's rule only: ClientChild asks for it on that page (spec 3 §2.3).
    reviewStatus: undefined,
  };
  const base = `/${settings.clientBaseSegment}`;
  const indexSegment = settings.clientSegments[clientIndexChild(context.siteAccess)];
  return (
    <Routes>
      <Route index element={<Navigate to={`${base}/${indexSegment}`} replace />} />
      <Route
        path=":segment/*"
        element={<ClientChild context={context} base={base} pages={{ ...CLIENT_PAGES, ...pages }} entityId={clientInContext?.entity_id ?? user.entity_id} />}
      />
    </Routes>
  );
}

/**
 * Whether the segment names a client-section child this build has a page for. A page that does
 * not exist is Page Not Found for everyone, before any access rule: otherwise the same missing
 * page would answer Access Denied to one client and Page Not Found to another.
 */
export function hasClientPage(segment: string, segments: Record<ClientChildKey, string>, pages: Pages): boolean {
  const child = childForSegment(segment, segments);
  return child !== null && pages[child] !== undefined;
}

function ClientChild({ context, base, pages, entityId }: { context: ClientAccessContext; base: string; pages: Pages; entityId: number }) {
  const { settings } = useSiteConfig();
  const { segment = '' } = useParams();
  const child = childForSegment(segment, settings.clientSegments);
  // The viewed client's review status, asked for only where a rule reads it (the annual review).
  const statuses = useJourneyStatuses(child === 'annual-review' ? entityId : null);
  const Page = child ? pages[child] : undefined;
  if (!child || !Page) return <NotFoundPage />;
  if (child === 'annual-review' && statuses.isPending) return <InlineLoading label="Loading your review" />;
  const reviewStatus = child === 'annual-review' ? (statuses.data?.reviewStatus ?? null) : context.reviewStatus;
  const decision = decideClientChildAccess(child, { ...context, reviewStatus });
  if (decision.kind === 'deny') return <AccessDeniedPage />;
  if (decision.kind === 'redirect') return <Navigate to={`${base}/`} replace />;
  return <Page />;
}

/**
 * An adviser who reaches the client section with no client in context (spec 1 §6): the client
 * section's pages say so, with the way to the client list; anything else is Page Not Found.
 */
function NoClientInContext({ pages }: { pages: Pages }) {
  return (
    <Routes>
      <Route index element={<NoClientInContextPage />} />
      <Route path=":segment/*" element={<NoClientChild pages={pages} />} />
    </Routes>
  );
}

function NoClientChild({ pages }: { pages: Pages }) {
  const { settings } = useSiteConfig();
  const { segment = '' } = useParams();
  if (!hasClientPage(segment, settings.clientSegments, pages)) return <NotFoundPage />;
  // Preferences say it in their own words (spec 2 §2.8: 'Please log in to XPlan to view and
  // update your preferences').
  const Preferences = childForSegment(segment, settings.clientSegments) === 'preferences' ? pages.preferences : undefined;
  return Preferences ? <Preferences /> : <NoClientInContextPage />;
}
