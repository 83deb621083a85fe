import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getWindowSettings } from '../shared/config/window-settings';
import { useSiteConfig } from '../shared/config/site-config-context';

/**
 * In the app (mobileAppMode): the status bar in the brand's colour, the privacy screen that
 * hides balances in the app switcher, and deep links opening their in-app path. The bridges load
 * on demand, so a browser's first paint never pays for them.
 */
export function NativeShellSetup() {
  const navigate = useNavigate();
  const { branding } = useSiteConfig();
  const colour = branding.theme?.primary ?? '#0b3954';
  useEffect(() => {
    if (!getWindowSettings().mobileAppMode) return undefined;
    let active = true;
    let stop: (() => void) | undefined;
    void import('@portal/mobile').then(({ bridges }) => {
      if (!active) return;
      const device = bridges();
      void device.deviceUi.setStatusBar('light', colour).catch(() => undefined);
      void device.deviceUi.enablePrivacyScreen().catch(() => undefined);
      stop = device.deepLinks.onOpen((path) => navigate(path));
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [navigate, colour]);
  return null;
}
