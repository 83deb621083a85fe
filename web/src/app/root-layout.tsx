import { Outlet, useLocation } from 'react-router-dom';
import { ChunkErrorBoundary } from '../shared/lazy/chunk-error-boundary';
import { getWindowSettings } from '../shared/config/window-settings';
import { CookieNotice } from './cookie-notice';
import { SiteFooter } from './site-footer';

/** Around every page: the cookie notice and the footer (not inside the mobile app). */
export function RootLayout() {
  const { mobileAppMode } = getWindowSettings();
  const { pathname } = useLocation();
  return (
    <>
      <CookieNotice />
      <ChunkErrorBoundary resetKey={pathname}>
        <Outlet />
      </ChunkErrorBoundary>
      {!mobileAppMode && <SiteFooter />}
    </>
  );
}
