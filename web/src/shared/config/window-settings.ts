/**
 * Settings the server writes onto <html> (data-mobile-app-mode, data-enable-caching,
 * data-persist-filters, values "True"/"False") so the first paint is right. Read once at start
 * and exposed as window.settings. Defaults: mobileAppMode false, the other two true.
 */
export interface WindowSettings {
  mobileAppMode: boolean;
  enableCaching: boolean;
  persistFilters: boolean;
}

declare global {
  interface Window {
    settings?: WindowSettings;
  }
}

export function parseFlag(value: string | null | undefined, fallback: boolean): boolean {
  const normalised = value?.trim().toLowerCase();
  if (normalised === 'true') return true;
  if (normalised === 'false') return false;
  return fallback;
}

export function readWindowSettings(root: HTMLElement = document.documentElement): WindowSettings {
  return {
    mobileAppMode: parseFlag(root.getAttribute('data-mobile-app-mode'), false),
    enableCaching: parseFlag(root.getAttribute('data-enable-caching'), true),
    persistFilters: parseFlag(root.getAttribute('data-persist-filters'), true),
  };
}

/** The storage key that mirrors mobileAppMode (spec 1 §3), kept for code that reads it. */
export const RUNNING_IN_APP_KEY = 'runningInCordova';

/**
 * Whether the page runs inside the native shell: Capacitor's bridge, injected before the app
 * loads, says so (read without importing Capacitor, so the login route stays small).
 */
export function runsInNativeShell(scope: { Capacitor?: { isNativePlatform?: () => boolean } } = window as never): boolean {
  try {
    return scope.Capacitor?.isNativePlatform?.() === true;
  } catch {
    return false;
  }
}

/**
 * Reads the settings, with mobileAppMode true when the server saw the shell's user agent or the
 * native bridge is present (spec 1 §3, §9), and keeps runningInCordova in step with it.
 */
export function installWindowSettings(root: HTMLElement = document.documentElement, native: boolean = runsInNativeShell()): WindowSettings {
  const settings = readWindowSettings(root);
  settings.mobileAppMode ||= native;
  if (settings.mobileAppMode) root.setAttribute('data-mobile-app-mode', 'True');
  try {
    localStorage.setItem(RUNNING_IN_APP_KEY, settings.mobileAppMode ? 'true' : 'false');
  } catch {
    // Private browsing: the attribute and window.settings still say it.
  }
  window.settings = settings;
  return settings;
}

export function getWindowSettings(): WindowSettings {
  return window.settings ?? installWindowSettings();
}
