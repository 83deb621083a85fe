import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router-dom';
import LoginPage from '../features/auth/pages/login-page';
import { NotFoundPage } from '../shared/ui/not-found-page';
import { useSiteConfig } from '../shared/config/site-config-context';
import { useSession } from '../shared/session/session-context';
import { LoadingScreen } from '../shared/ui/loading-screen';
import { HealthCheckProvider, MaintenanceChecker } from './maintenance-checker';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { anonymousOnly, indexDestination, sectionAccess } from './route-guards';
import { lazyChunk } from '../shared/lazy/lazy-chunk';
import { COOKIE_POLICY_PATH, COOKIE_POLICY_SEGMENT } from '../features/core/text-page-paths';
import { journeyRoutes } from '../features/journeys';

// Everything behind the login form is loaded on demand, so the login route stays small.
const SignedInArea = lazyChunk(() => import('./shell/signed-in-area'));
const TextPage = lazyChunk(() => import('../features/core/pages/text-page'));
const MaintenancePage = lazyChunk(() => import('../features/core/pages/maintenance-page'));
const HelpWithLoggingInPage = lazyChunk(() => import('../features/auth/pages/help-with-logging-in-page'));

/**
 * The route table of spec 1 §2, top-down. The sections are the signed-in shell; the text pages and
 * Page Not Found open inside it for a signed-in user (the navigation stays) and in the public
 * layout otherwise.
 */
export function AppRoutes() {
  const { settings, content } = useSiteConfig();
  return (
    <HealthCheckProvider>
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<IndexRedirect />} />
        <Route path="login" element={<AnonymousOnly><LoginPage /></AnonymousOnly>} />
        <Route element={<PublicLayout />}>
          <Route path="help-with-logging-in" element={<AnonymousOnly><HelpWithLoggingInPage /></AnonymousOnly>} />
          <Route path="maintenance" element={<MaintenancePage />} />
          <Route path="core" element={<CoreIndex />} />
          <Route path="core/maintenance" element={<MaintenancePage />} />
        </Route>
      </Route>
      <Route path={`${settings.clientBaseSegment}/*`} element={<SectionGate section="clients" />} />
      <Route path={`${settings.adviserBaseSegment}/*`} element={<SectionGate section="advisers" />} />
      <Route element={<ShellOrPublicLayout />}>
        <Route path={COOKIE_POLICY_PATH.slice(1)} element={<TextPage segment={COOKIE_POLICY_SEGMENT} />} />
        <Route path={COOKIE_POLICY_SEGMENT} element={<Navigate to={COOKIE_POLICY_PATH} replace />} />
        <Route path={`pages/${COOKIE_POLICY_SEGMENT}`} element={<Navigate to={COOKIE_POLICY_PATH} replace />} />
        <Route path={settings.siteTermsPath} element={<TextPage segment={settings.siteTermsPath} />} />
        {content.textPages
          .filter((page) => page.segment !== COOKIE_POLICY_SEGMENT)
          .map((page) => (
            <Route key={page.segment} path={page.segment} element={<TextPage segment={page.segment} />} />
          ))}
        <Route path="pages/:segment" element={<TextPageBySegment />} />
        {journeyRoutes()}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
    </HealthCheckProvider>
  );
}

function useSections() {
  const { settings } = useSiteConfig();
  return { clientBase: settings.clientBaseSegment, adviserBase: settings.adviserBaseSegment };
}

function IndexRedirect() {
  const { state } = useSession();
  const decision = indexDestination(state, useSections());
  if (decision.kind === 'wait') return <LoadingScreen label="Checking your session" />;
  return <Navigate to={decision.to} replace />;
}

function AnonymousOnly({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const decision = anonymousOnly(state, useSections());
  if (decision.kind === 'wait') return <LoadingScreen label="Checking your session" />;
  if (decision.kind === 'go') return <Navigate to={decision.to} replace />;
  // The anonymous routes sit under the maintenance checker (spec 1 §2).
  return <MaintenanceChecker>{children}</MaintenanceChecker>;
}

function SectionGate({ section }: { section: 'clients' | 'advisers' }) {
  const { state } = useSession();
  const decision = sectionAccess(section, state);
  if (decision === 'wait') return <LoadingScreen label="Checking your session" />;
  if (decision === 'login') return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInArea section={section} denied={decision === 'denied'} />
    </Suspense>
  );
}

/** Pages anyone may open: inside the signed-in shell for a signed-in user, public otherwise. */
function ShellOrPublicLayout() {
  const { state } = useSession();
  if (state.status === 'checking') return <LoadingScreen label="Checking your session" />;
  if (state.status === 'signed-in') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SignedInArea section={state.user.role_name === 'ClientUser' ? 'clients' : 'advisers'}>
          <Outlet />
        </SignedInArea>
      </Suspense>
    );
  }
  return (
    <RootLayout>
      <PublicLayout />
    </RootLayout>
  );
}

/** /core/ is the login app's root (spec 1 §2: where a sent username lands): the login page, with its flags. */
function CoreIndex() {
  const { search } = useLocation();
  return <Navigate to={`/login${search}`} replace />;
}

function TextPageBySegment() {
  // Any segment is accepted here, so an unknown one shows "Unknown page" rather than Page Not Found.
  const { segment = '' } = useParams();
  return <TextPage segment={segment} />;
}
