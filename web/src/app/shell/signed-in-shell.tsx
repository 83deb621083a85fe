import { IonApp, IonButtons, IonContent, IonHeader, IonMenuButton, IonSpinner, IonToolbar } from './ionic-elements';
import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { SessionTimeoutModal } from '../../features/session/components/session-timeout-modal';
import { DEFAULT_LOGIN_PROFILE_ID } from '../../features/session/session-timing';
import { useSessionTimeout } from '../../features/session/use-session-timeout';
import { isEnabled } from '../../shared/config/feature-toggles';
import { useFeatureToggles } from '../../shared/api/feature-toggles';
import { getWindowSettings } from '../../shared/config/window-settings';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { LOST_SESSION_PATH } from '../../shared/errors';
import { clientInContextStore } from '../../shared/session/client-in-context';
import { useClientContextSync } from '../../shared/api/client-context';
import { useViewedClient } from '../../shared/api/client-record';
import { reviewInProgressStore } from '../../shared/session/review-in-progress';
import { endSession } from '../../shared/api/session';
import { useSession } from '../../shared/session/session-context';
import { viewedSiteAccess } from '../../shared/session/client-data';
import { useClientData } from '../../shared/api/client-data';
import { hasPortfolioOrAssets } from '../../shared/session/site-access';
import { unreadBadgeText, unreadCountStore, useUnreadCount } from '../../shared/session/unread-count';
import { useUnreadCountSync } from '../../shared/api/unread-count';
import { ChunkErrorBoundary } from '../../shared/lazy/chunk-error-boundary';
import { lazyChunk } from '../../shared/lazy/lazy-chunk';
import { Dialog } from '../../shared/ui/dialog';
import { useToast } from '../../shared/ui/toast';
import { PHONE_QUERY, useMediaQuery } from '../../shared/ui/use-media-query';
import { CookieNotice } from '../cookie-notice';
import { SiteFooter } from '../site-footer';
import { AccountMenu } from './account-menu';
import { UnreadBadge } from './unread-badge';
import { clearAccountFilter, clearClientState } from './client-state';
import { accountPageLinks, clientChildOfPath, visibleNavigation } from './navigation';
import { decideClientChildAccess } from '../../features/clients/client-access';
import { useReportTemplates } from '../../features/reports';
import { NotificationHost } from '../../features/notifications';
import type { ClientChildKey } from '../../shared/config/site-config';

interface Props {
  children: ReactNode;
  onLogout(): void;
  /** The client-section children this build has a page for; links to others are hidden. */
  clientPages?: ReadonlySet<ClientChildKey>;
}

export const LOGOUT_REVIEW_TITLE = 'Log out during your review?';
export const LOGOUT_REVIEW_TEXT =
  'Your review is still in progress. If you log out now, any answers you have not saved will be lost.';

/** The preview-mode label beside "Viewing {name}" (spec 3 §4.5 names the mode, not a text). */
export function previewText(level: string): string {
  return `Preview: ${level === 'NotAssigned' ? 'Messages' : level} view`;
}

/** Wide enough for "Viewing {name}" on the logo's row. */
const WIDE_QUERY = '(min-width: 768px)';
// The phones' side menu is shown on a tap, never on the first screen: it (ion-menu, its list,
// gesture and animation code) loads in a chunk of its own, and is rendered when the menu button
// is first pressed, which then opens it. Rendered with the first screen, its Ionic elements were
// one of the longest tasks of a phone's first load of the home (issue 13).
const PhoneMenu = lazyChunk(() => import('./phone-menu'));

/** The element the phone menu slides over (Ionic's menu contentId). */
const SHELL_PAGE_ID = 'shell-page';

/**
 * The signed-in shell, an Ionic app: on phones one menu (IonMenu, opened from the toolbar), on
 * tablets and desktops the spec's top navigation with My Account (spec 1 §2); the page scrolls in
 * IonContent with the footer at its end. Also the session timer (spec 1 §4).
 *
 * The shell's own answers (the client's data, feature toggles, report templates, the unread
 * count, an adviser's client in context) are read by its navigation alone (ShellChrome), so as
 * each arrives only the navigation is drawn again: the Ionic frame, the content area and the page
 * under it are drawn once (issue 13: they were drawn again for every answer).
 */
export function SignedInShell({ children, onLogout, clientPages }: Props) {
  const { settings } = useSiteConfig();
  const { user, clear } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [loggingOut, setLoggingOut] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const leaving = useRef(false);
  const contentRef = useRef<HTMLIonContentElement>(null);

  // A new page starts at its top: the scroller (IonContent) outlives the pages.
  useEffect(() => {
    void contentRef.current?.scrollToTop?.(0);
  }, [location.pathname]);
  // The browser's locale data is set up while the first page's chunk and answers are on their
  // way, in idle time: the first page that sorts or formats its answers (the home's account
  // order) would otherwise pay for it inside the task that handles them (issue 13). Number
  // formats first: once they are set up, collation is cheap too, not the other way round.
  const locale = user?.locale;
  const currency = user?.preferred_currency;
  // Its code (number and date formats) is the first page's, not the shell's: it is fetched here.
  useEffect(() => {
    if (!locale || !currency) return undefined;
    let active = true;
    let cancel: (() => void) | undefined;
    void import('../../shared/format/warm-up')
      .then(({ warmUpFormats }) => {
        if (active) cancel = warmUpFormats(locale, currency);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      cancel?.();
    };
  }, [locale, currency]);

  /** Ends the session on the server (unless it is already gone), clears local state and leaves. */
  const leave = async (to: string, endOnServer: boolean) => {
    if (leaving.current) return;
    leaving.current = true;
    setLoggingOut(true);
    if (endOnServer) {
      try {
        await endSession();
      } catch {
        // The server could not be reached: the local state is still cleared below, and the cookie
        // is useless without the server-side session row once it expires.
        toast.show({ kind: 'error', title: 'Network unavailable', message: 'You have been logged out on this device.' });
      }
    }
    onLogout();
    clearClientState();
    clientInContextStore.reset();
    reviewInProgressStore.reset();
    unreadCountStore.reset();
    // Same tick: the root route sees the anonymous session and lands on /login.
    clear();
    navigate(to, { replace: true });
  };
  // The navigation's logout is one function for the shell's life, so drawing the shell again
  // (a navigation, the session timer) does not draw the navigation again for it.
  const leaveRef = useRef(leave);
  useLayoutEffect(() => {
    leaveRef.current = leave;
  });
  const logout = useCallback(() => {
    if (reviewInProgressStore.get()) setConfirmLogout(true);
    else void leaveRef.current('/', true);
  }, []);

  const { warning, stayLoggedIn, resume } = useSessionTimeout({
    profileId: user?.login_profile_id ?? DEFAULT_LOGIN_PROFILE_ID,
    configured: settings.sessionTimeout,
    onLost: () => void leave(LOST_SESSION_PATH, false),
    onExpired: () => void leave(LOST_SESSION_PATH, true),
  });

  // In the native shell the app's resume event sends the heartbeat (a webview may not report
  // visibility); in a browser the session timer's visibility listener does it.
  useEffect(() => {
    if (!getWindowSettings().mobileAppMode) return undefined;
    let stop: (() => void) | undefined;
    let active = true;
    void import('@portal/mobile').then(({ bridges }) => {
      const native = bridges();
      if (active && native.native) stop = native.lifecycle.onResume(resume);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [resume]);

  // The content area and the page in it: the same element (so not drawn again) until the page changes.
  const pathname = location.pathname;
  const content = useMemo(
    () => (
      <IonContent ref={contentRef} className="app-content">
        <div className="app-content__inner">
          <CookieNotice />
          {/* IonContent is the page's main landmark (role=main on its host): this is where Skip to content lands. */}
          <div id="main-content" className="app-main" tabIndex={-1}>
            <ChunkErrorBoundary resetKey={pathname}>
              <Suspense
                fallback={
                  <div className="inline-loading" role="status">
                    <IonSpinner name="crescent" aria-hidden="true" />
                    <span>Loading…</span>
                  </div>
                }
              >
                {children}
              </Suspense>
            </ChunkErrorBoundary>
          </div>
          {!getWindowSettings().mobileAppMode && <SiteFooter inMain />}
        </div>
      </IonContent>
    ),
    [children, pathname],
  );

  if (!user) return null;
  return (
    <>
      <IonApp className="app-shell">
        <ShellChrome clientPages={clientPages} busy={loggingOut} onLogout={logout} content={content} />
      </IonApp>
      {warning && <SessionTimeoutModal onStay={stayLoggedIn} />}
      <NotificationHost />
      {confirmLogout && (
        <Dialog
          role="alertdialog"
          title={LOGOUT_REVIEW_TITLE}
          description={<p>{LOGOUT_REVIEW_TEXT}</p>}
          onEscape={() => setConfirmLogout(false)}
          returnFocusTo={() => document.querySelector<HTMLElement>('.account-menu__button, ion-menu-button')}
        >
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setConfirmLogout(false)}>
              Stay on this page
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setConfirmLogout(false);
                void leave('/', true);
              }}
            >
              Log out
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

interface ChromeProps {
  clientPages?: ReadonlySet<ClientChildKey>;
  /** Logging out: the logout buttons are busy. */
  busy: boolean;
  onLogout(): void;
  /** The content area, drawn by the shell (the same element until the page changes). */
  content: ReactNode;
}

/**
 * The shell's navigation around its content area: the phone menu, the header with the top
 * navigation and My Account, "Viewing {name}". It alone reads the answers the navigation
 * depends on, and is memoised, so an answer draws it again and nothing else.
 */
const ShellChrome = memo(function ShellChrome({ clientPages, busy: loggingOut, onLogout: logout, content }: ChromeProps) {
  const { settings, branding, content: siteContent } = useSiteConfig();
  const { user } = useSession();
  // An adviser's client in context, as the portal's session holds it (also after a reload).
  const { client: clientInContext } = useClientContextSync();
  const viewedClient = useViewedClient(clientInContext?.entity_id ?? null);
  const unread = useUnreadCount();
  // The badge is a client's own (spec 1 §2): their unread count, from the first page on.
  useUnreadCountSync(user?.role_name === 'ClientUser' ? user.entity_id : null);
  const clientData = useClientData();
  const toggles = useFeatureToggles();
  const location = useLocation();
  const toast = useToast();
  const phone = useMediaQuery(PHONE_QUERY);
  // "Viewing {name}" sits beside the logo wherever the navigation has a row of its own (tablets and up); on phones it has a row.
  const wide = useMediaQuery(WIDE_QUERY);
  // The side menu: not rendered until asked for; then opened once, on the press that asked.
  const [menu, setMenu] = useState<'unasked' | 'opening' | 'ready'>('unasked');
  const menuOpened = useCallback(() => setMenu('ready'), []);

  // A client's own data (record, group members, site access; spec 1 §4): a failure is a toast.
  const clientDataError = clientData.status === 'failed' ? clientData.error : null;
  useEffect(() => {
    if (clientDataError) toast.show({ kind: 'error', message: clientDataError });
  }, [clientDataError, toast]);

  // The viewer's valuation report templates (clients' or advisers'), asked where the report is a
  // page: in the client section with Portfolio or Assets access (spec 2 §6).
  const reportTemplates = useReportTemplates(
    user?.role_name === 'ClientUser' ? 'Client' : 'Adviser',
    user !== null && (user.role_name === 'ClientUser' || clientInContext !== null) && hasPortfolioOrAssets(viewedSiteAccess(user, clientData, clientInContext) ?? 'NotAssigned'),
  );
  if (!user) return null;
  const isClient = user.role_name === 'ClientUser';
  // An adviser with a client in context sees the client's section and navigation.
  const viewingClient = !isClient && clientInContext !== null;
  const inClientSection = isClient || viewingClient;
  const base = inClientSection ? `/${settings.clientBaseSegment}` : `/${settings.adviserBaseSegment}`;
  // null while a client's data loads: only what every site access has is shown meanwhile.
  const siteAccess = viewedSiteAccess(user, clientData, clientInContext) ?? 'NotAssigned';
  const segments = settings.clientSegments;
  // Home is the dashboard where the client may see it; otherwise the section index decides.
  const homePath = inClientSection && hasPortfolioOrAssets(siteAccess) ? `${base}/${segments.home}` : `${base}/`;
  const badge = isClient ? unreadBadgeText(unread) : null;
  const { mobileAppMode } = getWindowSettings();

  const viewedLocale = (viewingClient ? viewedClient.data?.locale : null) ?? user.locale;
  // A link to a client page shows only where that page would open: this build has it, the viewer
  // is in the client section, and its access rule allows them (so a configuration that links
  // Change password for everyone still shows it to clients alone).
  const mayOpen = (child: ClientChildKey) =>
    (!clientPages || clientPages.has(child)) &&
    inClientSection &&
    decideClientChildAccess(child, { role: user.role_name, siteAccess, locale: viewedLocale }).kind === 'allow';
  const configured = visibleNavigation(siteContent.navigation, {
    userType: isClient ? 'client' : 'adviser',
    locale: viewedLocale,
    siteAccess,
    // Spec 1 §2, spec 2 §2.6: a report template for the user type, or the client-reports toggle.
    valuationReportAvailable: isEnabled(toggles, 'use-client-reports') || (reportTemplates.data?.length ?? 0) > 0,
    hasPage: (path) => {
      const child = clientChildOfPath(path, settings.clientBaseSegment, segments);
      return child === null || mayOpen(child);
    },
  });
  const accountLinks = [
    ...configured.filter((item) => item.placement === 'account'),
    ...accountPageLinks(configured, settings, { mobileAppMode, mayOpen }),
  ];
  const mainLinks = configured.filter((item) => item.placement === 'main');

  const logo = (
    <Link className="app-header__logo" to={homePath} onClick={clearAccountFilter}>
      <img src={branding.logo} alt={`${branding.logoAlt || settings.firmName} home`} width="220" height="48" />
    </Link>
  );
  const viewingLink = viewingClient && (
    <span className="viewing">
      <Link className="viewing-link" to={`/${settings.adviserBaseSegment}/`}>
        <span aria-hidden="true">←</span> Viewing {clientInContext.display_name}
      </Link>
      {clientInContext.is_preview_mode && <span className="viewing-preview">{previewText(clientInContext.site_access_level)}</span>}
    </span>
  );
  const analysisPath =
    inClientSection && siteAccess === 'Portfolio' && (!clientPages || clientPages.has('analysis')) ? `${base}/${segments.analysis}` : null;
  const messagesPath = inClientSection ? `${base}/${segments['documents-and-messages']}` : null;

  return (
    <>
      {phone && menu !== 'unasked' && (
        <ChunkErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={null}>
            <PhoneMenu
              contentId={SHELL_PAGE_ID}
              homePath={homePath}
              analysisPath={analysisPath}
              messagesPath={messagesPath}
              badge={badge}
              mainLinks={mainLinks}
              accountLinks={accountLinks}
              lastLogin={user.last_login}
              busy={loggingOut}
              onLogout={logout}
              openOnMount={menu === 'opening'}
              onOpened={menuOpened}
            />
          </Suspense>
        </ChunkErrorBoundary>
      )}
      <div id={SHELL_PAGE_ID} className="ion-page shell-page">
        <IonHeader className="app-header">
          <a className="skip-link" href="#main-content">
            Skip to content
          </a>
          {phone ? (
            <IonToolbar className="app-toolbar">
              <IonButtons slot="start">
                {/* Shown from the first paint (auto-hide off), or it would appear when the lazy menu registers and push the logo aside. As an attribute: it holds however the element upgrades. */}
                <IonMenuButton aria-label="Menu" auto-hide="false" onClick={() => setMenu((m) => (m === 'unasked' ? 'opening' : m))} />
              </IonButtons>
              {logo}
            </IonToolbar>
          ) : (
            <div className="app-header__bar">
              {logo}
              {wide && viewingLink}
              <nav id="primary-navigation" className="primary-nav" aria-label="Main">
                <ul>
                  <li>
                    <NavLink to={homePath} end>
                      Home
                    </NavLink>
                  </li>
                  {analysisPath && (
                    <li>
                      <NavLink to={analysisPath} onClick={clearAccountFilter}>
                        Analysis
                      </NavLink>
                    </li>
                  )}
                  {messagesPath && (
                    <li>
                      <NavLink to={messagesPath}>
                        Messages and documents
                        <UnreadBadge badge={badge} reserveSpace={isClient} />
                      </NavLink>
                    </li>
                  )}
                  {mainLinks.map((item) => (
                    <li key={item.to}>{item.kind === 'page' ? <NavLink to={item.to}>{item.label}</NavLink> : <a href={item.to}>{item.label}</a>}</li>
                  ))}
                </ul>
              </nav>
              <AccountMenu lastLogin={user.last_login} links={accountLinks} busy={loggingOut} onLogout={logout} />
            </div>
          )}
          {!wide && viewingLink && <div className="app-header__context">{viewingLink}</div>}
        </IonHeader>
        {content}
      </div>
    </>
  );
});
