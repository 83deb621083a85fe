import { Navigate, Route } from 'react-router-dom';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { useSession } from '../../shared/session/session-context';
import { lazyChunk } from '../../shared/lazy/lazy-chunk';
import { AccessDeniedPage } from '../../shared/ui/access-denied-page';
import { LoadingScreen } from '../../shared/ui/loading-screen';
import type { JourneyType } from './journey-rules';

const JourneyPage = lazyChunk(() => import('./pages/journey-page'));

/**
 * The journey pages under both readings of the routes (spec 3 §2.3): the home page's /factfind/
 * and /apa/, and /core/review, /core/factfind, /core/apa and /core/robo. /core/review is the
 * annual review of the client section.
 */
export const JOURNEY_ROUTES: readonly { path: string; type: JourneyType | 'review' }[] = [
  { path: 'factfind', type: 'factFind' },
  { path: 'apa', type: 'automatedPersonalAdvice' },
  { path: 'core/factfind', type: 'factFind' },
  { path: 'core/apa', type: 'automatedPersonalAdvice' },
  { path: 'core/robo', type: 'roboAdvice' },
  { path: 'core/review', type: 'review' },
];

/** The routes, for the app's route table (inside the layout that shows the signed-in shell). */
export function journeyRoutes() {
  return JOURNEY_ROUTES.map(({ path, type }) => <Route key={path} path={path} element={<JourneyGate type={type} />} />);
}

/** A client's journeys: anyone else signs in first (anonymous) or is refused (an adviser). */
function JourneyGate({ type }: { type: JourneyType | 'review' }) {
  const { state } = useSession();
  const { settings } = useSiteConfig();
  if (state.status === 'checking') return <LoadingScreen label="Checking your session" />;
  if (state.status !== 'signed-in') return <Navigate to="/login" replace />;
  if (state.user.role_name !== 'ClientUser') return <AccessDeniedPage />;
  if (type === 'review') return <Navigate to={`/${settings.clientBaseSegment}/${settings.clientSegments['annual-review']}`} replace />;
  return <JourneyPage type={type} />;
}
