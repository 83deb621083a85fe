import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import type { ClientChildKey } from '../../shared/config/site-config';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { useSession } from '../../shared/session/session-context';
import { deriveSiteAccess } from '../../shared/session/site-access';
import { AccessDeniedPage } from '../core/pages/access-denied-page';
import { NotFoundPage } from '../core/pages/not-found-page';
import { childForSegment, clientIndexChild, decideClientChildAccess, type ClientAccessContext } from './client-access';

/** Children with a page so far; the others fall through to Page Not Found until they are built. */
const PAGES: Partial<Record<ClientChildKey, LazyExoticComponent<ComponentType>>> = {
  home: lazy(() => import('./pages/client-home-page')),
  'documents-and-messages': lazy(() => import('./pages/documents-and-messages-page')),
};

export function ClientSection() {
  const { settings } = useSiteConfig();
  const { user } = useSession();
  if (!user) return null;
  const context: ClientAccessContext = {
    role: user.role_name,
    siteAccess: deriveSiteAccess(user.client_access_level?.description, settings),
    locale: user.locale,
    reviewStatus: undefined, // the annual review arrives in a later issue
  };
  const base = `/${settings.clientBaseSegment}`;
  const indexSegment = settings.clientSegments[clientIndexChild(context.siteAccess)];
  return (
    <Routes>
      <Route index element={<Navigate to={`${base}/${indexSegment}`} replace />} />
      <Route path=":segment/*" element={<ClientChild context={context} base={base} />} />
    </Routes>
  );
}

function ClientChild({ context, base }: { context: ClientAccessContext; base: string }) {
  const { settings } = useSiteConfig();
  const { segment = '' } = useParams();
  const child = childForSegment(segment, settings.clientSegments);
  if (!child) return <NotFoundPage />;
  const decision = decideClientChildAccess(child, context);
  if (decision.kind === 'deny') return <AccessDeniedPage />;
  if (decision.kind === 'redirect') return <Navigate to={`${base}/`} replace />;
  const Page = PAGES[child];
  return Page ? <Page /> : <NotFoundPage />;
}
