import { Outlet } from 'react-router-dom';
import { getWindowSettings } from '../shared/config/window-settings';
import { CookieNotice } from './cookie-notice';
import { SiteFooter } from './site-footer';

/** Around every page: the cookie notice and the footer (not inside the mobile app). */
export function RootLayout() {
  const { mobileAppMode } = getWindowSettings();
  return (
    <>
      <CookieNotice />
      <Outlet />
      {!mobileAppMode && <SiteFooter />}
    </>
  );
}
