import { IonContent, IonHeader, IonToolbar } from './ionic-elements';
import { IonItem, IonLabel, IonList, IonMenu, IonTitle } from './ionic-menu-elements';
import { useEffect, useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { formatLastLogin } from '../../shared/format/dates';
import { clearAccountFilter } from './client-state';
import type { NavLinkItem } from './navigation';
import { UnreadBadge } from './unread-badge';

interface Props {
  /** The id of the page the menu slides over. */
  contentId: string;
  homePath: string;
  /** null when the viewed client may not see Analysis (or this build has no page for it). */
  analysisPath: string | null;
  messagesPath: string | null;
  badge: string | null;
  mainLinks: NavLinkItem[];
  accountLinks: NavLinkItem[];
  lastLogin: string | null;
  busy: boolean;
  onLogout(): void;
  /** Opens the menu once it is ready: it is rendered when the menu button is first pressed. */
  openOnMount?: boolean;
  onOpened?(): void;
}

/**
 * The phones' one menu (Ionic's side menu): the main navigation, then My Account's links, Log out
 * and the last login, so nothing competes with it in the toolbar. Links are ordinary router links
 * inside Ionic list items; the menu closes once one is chosen.
 */
export default function PhoneMenu({ contentId, homePath, analysisPath, messagesPath, badge, mainLinks, accountLinks, lastLogin, busy, onLogout, openOnMount = false, onOpened }: Props) {
  const menuRef = useRef<HTMLIonMenuElement>(null);
  const { pathname } = useLocation();
  const ids = useId();
  const lastLoginText = formatLastLogin(lastLogin);
  const close = () => void menuRef.current?.close?.();

  // Back and forward buttons move on too: the menu never stays open over another page.
  useEffect(close, [pathname]);

  // The press that rendered the menu found no menu to open (Ionic's menu button toggles the
  // menus registered at that moment): it opens here, once the element is ready.
  useEffect(() => {
    const menu = menuRef.current;
    if (!openOnMount || !menu) return;
    void Promise.resolve(menu.componentOnReady?.())
      .then(() => menu.open())
      .catch(() => undefined) // not opened: the next press opens it
      .finally(() => onOpened?.());
  }, [openOnMount, onOpened]);

  const link = (item: NavLinkItem, onClick?: () => void) => (
    <IonItem key={item.to} lines="none" className="menu-item">
      <IonLabel>
        {item.kind === 'page' ? (
          <NavLink
            to={item.to}
            onClick={() => {
              onClick?.();
              close();
            }}
          >
            {item.label}
          </NavLink>
        ) : (
          <a href={item.to}>{item.label}</a>
        )}
      </IonLabel>
    </IonItem>
  );

  return (
    <IonMenu ref={menuRef} contentId={contentId} type="overlay" aria-label="Menu" className="phone-menu">
      <IonHeader>
        <IonToolbar>
          <IonTitle>Menu</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <IonList className="menu-list" aria-label="Main">
          <IonItem lines="none" className="menu-item">
            <IonLabel>
              <NavLink to={homePath} end onClick={close}>
                Home
              </NavLink>
            </IonLabel>
          </IonItem>
          {analysisPath && link({ label: 'Analysis', to: analysisPath, kind: 'page', placement: 'main' }, clearAccountFilter)}
          {messagesPath && (
            <IonItem lines="none" className="menu-item">
              <IonLabel>
                <NavLink to={messagesPath} onClick={close}>
                  Messages and documents
                  <UnreadBadge badge={badge} />
                </NavLink>
              </IonLabel>
            </IonItem>
          )}
          {mainLinks.map((item) => link(item))}
        </IonList>
        <h2 id={`${ids}-account`} className="menu-heading">
          My Account
        </h2>
        <IonList className="menu-list" aria-labelledby={`${ids}-account`}>
          {accountLinks.map((item) => link(item))}
          <IonItem lines="none" className="menu-item">
            <IonLabel>
              <button
                type="button"
                className="menu-item__button"
                disabled={busy}
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                {busy ? 'Logging out...' : 'Log out'}
              </button>
            </IonLabel>
          </IonItem>
        </IonList>
        {lastLoginText && <p className="menu-last-login">Last login: {lastLoginText}</p>}
      </IonContent>
    </IonMenu>
  );
}
