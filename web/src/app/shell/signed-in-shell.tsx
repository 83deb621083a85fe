import { IonSpinner } from '@ionic/react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { endSession } from '../../shared/session/session-api';
import { useSession } from '../../shared/session/session-context';
import { deriveSiteAccess, hasPortfolioOrAssets } from '../../shared/session/site-access';
import { useToast } from '../../shared/ui/toast';
import { AccountMenu } from './account-menu';
import { clearAccountFilter, clearClientState } from './client-state';

interface Props {
  children: ReactNode;
  onLogout(): void;
}

/** Top navigation (spec 1 §2) around the signed-in pages. */
export function SignedInShell({ children, onLogout }: Props) {
  const { settings, branding } = useSiteConfig();
  const { user, clear } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  // Close the narrow-screen menu after navigating.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (!user) return null;
  const isClient = user.role_name === 'ClientUser';
  const base = isClient ? `/${settings.clientBaseSegment}` : `/${settings.adviserBaseSegment}`;
  const siteAccess = deriveSiteAccess(user.client_access_level?.description, settings);
  const segments = settings.clientSegments;
  // Home is the dashboard where the client may see it; otherwise the section index decides.
  const homePath = isClient && hasPortfolioOrAssets(siteAccess) ? `${base}/${segments.home}` : `${base}/`;

  const logout = async () => {
    setLoggingOut(true);
    try {
      await endSession();
    } catch {
      // The server could not be reached: the local state is still cleared below, and the cookie
      // is useless without the server-side session row once it expires.
      toast.show({ kind: 'error', title: 'Network unavailable', message: 'You have been logged out on this device.' });
    }
    onLogout();
    clearClientState();
    // Same tick: the root route sees the anonymous session and lands on /login.
    clear();
    navigate('/', { replace: true });
  };

  return (
    <div className="app-shell">
      <header className="app-header">
        <a className="skip-link" href="#main-content">
          Skip to content
        </a>
        <div className="app-header__bar">
          <Link className="app-header__logo" to={`${base}/`} onClick={clearAccountFilter}>
            <img src={branding.logo} alt={`${branding.logoAlt || settings.firmName} home`} width="183" height="40" />
          </Link>
          <button
            type="button"
            className="nav-toggle"
            aria-expanded={menuOpen}
            aria-controls="primary-navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="nav-toggle__icon" aria-hidden="true" />
            <span className="visually-hidden">Menu</span>
          </button>
          <nav id="primary-navigation" className="primary-nav" data-open={menuOpen} aria-label="Main">
            <ul>
              <li>
                <NavLink to={homePath} end>
                  Home
                </NavLink>
              </li>
              {isClient && siteAccess === 'Portfolio' && (
                <li>
                  <NavLink to={`${base}/${segments.analysis}`} onClick={clearAccountFilter}>
                    Analysis
                  </NavLink>
                </li>
              )}
              {isClient && (
                <li>
                  <NavLink to={`${base}/${segments['documents-and-messages']}`}>Messages and documents</NavLink>
                </li>
              )}
            </ul>
          </nav>
          <AccountMenu lastLogin={user.last_login} busy={loggingOut} onLogout={logout} />
        </div>
      </header>
      <main id="main-content" className="app-main" tabIndex={-1}>
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
      </main>
    </div>
  );
}
