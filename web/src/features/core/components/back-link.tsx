import { Link } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useSession } from '../../../shared/session/session-context';

/** Back to the client list for advisers, the client home for clients, login otherwise. */
export function BackLink() {
  const { user } = useSession();
  const { settings } = useSiteConfig();
  const to = !user ? '/login' : user.role_name === 'ClientUser' ? `/${settings.clientBaseSegment}/` : `/${settings.adviserBaseSegment}/`;
  return (
    <Link className="back-link" to={to}>
      <span aria-hidden="true">← </span>Back
    </Link>
  );
}
