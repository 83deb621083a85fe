import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ChunkErrorBoundary } from '../shared/lazy/chunk-error-boundary';
import { getWindowSettings } from '../shared/config/window-settings';
import { CookieNotice } from './cookie-notice';
import { SiteFooter } from './site-footer';

/**
 * Around every page outside the signed-in shell: the cookie notice and the footer (not inside the
 * mobile app). The shell has its own (app/shell/signed-in-shell.tsx). Its page is the route's
 * child, or `children` where a route chooses between this layout and the shell.
 */
export function RootLayout({ children }: { children?: ReactNode }) {
  const { mobileAppMode } = getWindowSettings();
  const { pathname } = useLocation();
  return (
    <>
      <CookieNotice />
      <ChunkErrorBoundary resetKey={pathname}>
        {children ?? <Outlet />}
      </ChunkErrorBoundary>
      {!mobileAppMode && <SiteFooter />}
    </>
  );
}
