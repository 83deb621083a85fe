import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { InlineLoading } from '../../shared/ui/loading-screen';
import { closeForSession, undismiss } from './notification-flags';
import { panelItems, type NotificationItem } from './notification-state';
import { journeyPaths, useNotificationState } from './use-notification-state';
import './notifications.css';

export const PANEL_HEADING = 'Action required';

/**
 * The 'Action required' panel (spec 3 §2.4, §4.3) above a page's content. The content is mounted
 * at once but shown only when the statuses and the toggles are in (one call each, asked by the
 * shell from the first signed-in page), so the panel never pushes a painted page down; an
 * adviser's page does not wait.
 */
export function WithPostponementPanel({ children }: { children: ReactNode }) {
  const { state, entityId, settled, newNotifications } = useNotificationState();
  const { settings } = useSiteConfig();
  const { pathname } = useLocation();
  const items = settled ? panelItems(state, { pathname, newNotifications, journeyPaths: journeyPaths(settings) }) : [];
  const onClick = (item: NotificationItem) => {
    if (entityId === null) return;
    // The click action: fact find forgets that it was postponed; then the journey is put aside
    // for this sign-in, so the modal does not open over it (spec 3 §4.3).
    if (item.type === 'factFind') undismiss(entityId, ['factFind']);
    closeForSession(entityId, [item.type]);
  };
  return (
    <>
      {items.length > 0 && (
        <section className={`postponement-panel${newNotifications ? ' postponement-panel--new' : ''}`} aria-labelledby="postponement-panel-heading">
          <h2 id="postponement-panel-heading">{PANEL_HEADING}</h2>
          <ul>
            {items.map((item) => (
              <li key={item.type}>
                <Link to={item.redirectUrl} onClick={() => onClick(item)}>
                  {item.header}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!settled && <InlineLoading label="Loading your home page" />}
      {/* Mounted at once, so the page's own calls start with the statuses; shown once they are in. */}
      <div className="postponement-panel__content" hidden={!settled}>
        {children}
      </div>
    </>
  );
}
