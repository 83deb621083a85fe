import type { ReactNode } from 'react';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { useSession } from '../../shared/session/session-context';
import { InlineLoading } from '../../shared/ui/loading-screen';
import { AnnouncementPanel, ANNOUNCEMENT_HASHES } from '../announcements';
import { documentsSettings } from '../messages/messages-settings';
import { AttentionPanel } from './attention-panel';
import { attentionPanelAllowed } from './attention-rules';
import { useAttentionCounts } from './use-attention-counts';

interface Props {
  /** The documents-and-messages page, or null when this build or this client has none. */
  documentsPath: string | null;
  /** The home page's own content (the dashboard). */
  children: ReactNode;
}

/**
 * The home page's notices above its content: the firm's announcement 134 (spec 3 §2.7) and, for
 * a ClientUser, the attention panel (§2.5). The content is mounted at once (its calls start with
 * the panel's) but shown only when the panel's counts are in, so the panel is there from the
 * home's first frame and nothing moves when it arrives: the counts are two small calls that
 * answer before the dashboard's first.
 */
export function HomeNotices({ documentsPath, children }: Props) {
  const site = useSiteConfig();
  const { user } = useSession();
  const client = attentionPanelAllowed(user?.role_name) && documentsPath !== null;
  const { counts, pending } = useAttentionCounts(client && user ? user.entity_id : null, documentsSettings(site).digitalSignatures);
  return (
    <>
      {pending && <InlineLoading label="Loading your home page" />}
      <div className="home-notices" hidden={pending}>
        <div className="home-notices__panels">
          <AnnouncementPanel hash={ANNOUNCEMENT_HASHES.home} />
          {documentsPath !== null && <AttentionPanel counts={counts} documentsPath={documentsPath} />}
        </div>
        {children}
      </div>
    </>
  );
}
