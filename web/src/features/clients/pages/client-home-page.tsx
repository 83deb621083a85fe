import { useViewedClient } from '../../../shared/api/client-record';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { greetingName } from '../../../shared/format/person-name';
import { useClientInContext } from '../../../shared/session/client-in-context';
import { useSession } from '../../../shared/session/session-context';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { usePageTitle } from '../../../shared/ui/use-page-title';

/**
 * The client dashboard. The greeting names the client in context if there is one, otherwise the
 * signed-in user (spec 2 §2.1). The portfolio overview, chart and summaries arrive with spec 2.
 */
export default function ClientHomePage() {
  const { settings } = useSiteConfig();
  const { user } = useSession();
  const clientInContext = useClientInContext();
  const viewing = user?.role_name !== 'ClientUser' ? clientInContext : null;
  const viewed = useViewedClient(viewing?.entity_id ?? null);
  usePageTitle('Home');
  if (!user) return null;
  let name: string;
  if (viewing) {
    if (!viewed.data) return viewed.isError ? null : <InlineLoading label="Loading your client" />;
    name = greetingName({ ...viewed.data, display_name: viewing.display_name }, settings.greetingNameFormat);
  } else {
    name = greetingName(user, settings.greetingNameFormat);
  }
  return (
    <div className="page-header">
      <h1>Welcome, {name}</h1>
      <p>{viewing ? 'Their portfolio overview will appear here.' : 'Your portfolio overview will appear here.'}</p>
    </div>
  );
}
