import { useSiteConfig } from '../../../shared/config/site-config-context';
import { greetingName } from '../../../shared/format/person-name';
import { useSession } from '../../../shared/session/session-context';
import { usePageTitle } from '../../../shared/ui/use-page-title';

/** The client dashboard. The portfolio overview, chart and summaries arrive with spec 2. */
export default function ClientHomePage() {
  const { settings } = useSiteConfig();
  const { user } = useSession();
  usePageTitle('Home');
  if (!user) return null;
  return (
    <div className="page-header">
      <h1>Welcome, {greetingName(user, settings.greetingNameFormat)}</h1>
      <p>Your portfolio overview will appear here.</p>
    </div>
  );
}
