import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Outlet, useLocation } from 'react-router-dom';
import { ChunkErrorBoundary } from '../shared/lazy/chunk-error-boundary';
import { getWindowSettings } from '../shared/config/window-settings';
import { CookieNotice } from './cookie-notice';
import { SiteFooter } from './site-footer';

/**
 * Around every page outside the signed-in shell: the cookie notice and the footer (not inside the
 * mobile app). The shell has its own (app/shell/signed-in-shell.tsx). Its page is the route's
 * child, or `children` where a route chooses between this layout and the shell.
 * The cookie notice goes after everything else in the document (held at the bottom of the window,
 * global.css): the root is at least a window high, so the notice showing or going never moves the
 * page, as it would at the top (and the login page the portal sends, without it, stays put).
 */
export function RootLayout({ children }: { children?: ReactNode }) {
  const { mobileAppMode } = getWindowSettings();
  const { pathname } = useLocation();
  return (
    <>
      {createPortal(<CookieNotice />, document.body)}
      <ChunkErrorBoundary resetKey={pathname}>
        {children ?? <Outlet />}
      </ChunkErrorBoundary>
      {!mobileAppMode && <SiteFooter />}
    </>
  );
}
