import { DashboardPage } from '../../portfolio';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useClientData } from '../../../shared/api/client-data';
import { useClientInContext } from '../../../shared/session/client-in-context';
import { viewedSiteAccess } from '../../../shared/session/client-data';
import { useSession } from '../../../shared/session/session-context';
import { CLIENT_PAGES, hasClientPage } from '../client-section';
import { WithPostponementPanel } from '../../notifications';
import { HomeNotices } from '../../attention';

/** The client dashboard (spec 2 §2.1), with the paths of the section's other pages. */
export default function ClientHomePage() {
  const { settings } = useSiteConfig();
  const { user } = useSession();
  const clientInContext = useClientInContext();
  const clientData = useClientData();
  if (!user) return null;
  const siteAccess = viewedSiteAccess(user, clientData, clientInContext) ?? 'NotAssigned';
  const segments = settings.clientSegments;
  const base = `/${settings.clientBaseSegment}`;
  const exists = (segment: string) => hasClientPage(segment, segments, CLIENT_PAGES);
  return (
    // The journeys waiting for the client first, then the firm's announcement and the documents
    // needing attention, then the dashboard; each shown once its answers are in (no layout shift).
    <WithPostponementPanel>
      <HomeNotices documentsPath={exists(segments['documents-and-messages']) ? `${base}/${segments['documents-and-messages']}` : null}>
        <DashboardPage
          siteAccess={siteAccess}
          analysisPath={`${base}/${segments.analysis}`}
          showAnalysisLink={siteAccess === 'Portfolio'}
          assetsPath={exists(segments['balance-sheet']) ? `${base}/${segments['balance-sheet']}` : null}
          composePath={exists(segments['documents-and-messages']) ? `${base}/${segments['documents-and-messages']}/?compose=true` : null}
          showContactUs={!exists(segments['adviser-details'])}
        />
      </HomeNotices>
    </WithPostponementPanel>
  );
}
