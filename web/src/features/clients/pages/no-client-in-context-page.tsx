import { Link } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { CLIENT_DATA_ERRORS } from '../../../shared/session/client-data';
import { usePageTitle } from '../../../shared/ui/use-page-title';

export const NO_CLIENT_HEADING = 'No client selected';

/**
 * What an adviser sees on a client page with no client in context: the spec's error (spec 1 §6,
 * spec 2 §6, spec 3 §6) and the way to the client list, where a client is chosen.
 */
export function NoClientInContextPage() {
  const { settings } = useSiteConfig();
  usePageTitle(NO_CLIENT_HEADING);
  return (
    <div className="page-card">
      <h1>{NO_CLIENT_HEADING}</h1>
      <p role="alert">{CLIENT_DATA_ERRORS.notClient}</p>
      <p>
        <Link to={`/${settings.adviserBaseSegment}/`}>Choose a client from Your Clients</Link>
      </p>
    </div>
  );
}
