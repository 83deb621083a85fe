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

export function installWindowSettings(root: HTMLElement = document.documentElement): WindowSettings {
  const settings = readWindowSettings(root);
  window.settings = settings;
  return settings;
}

export function getWindowSettings(): WindowSettings {
  return window.settings ?? installWindowSettings();
}
