import { describe, expect, it } from 'vitest';
import { installWindowSettings, parseFlag, readWindowSettings, RUNNING_IN_APP_KEY, runsInNativeShell } from './window-settings';

describe('window settings', () => {
  it('defaults to mobileAppMode false, caching and filter persistence true', () => {
    const root = document.createElement('html');
    expect(readWindowSettings(root)).toEqual({ mobileAppMode: false, enableCaching: true, persistFilters: true });
  });

  it('reads the True/False values the server writes', () => {
    const root = document.createElement('html');
    root.setAttribute('data-mobile-app-mode', 'True');
    root.setAttribute('data-enable-caching', 'False');
    root.setAttribute('data-persist-filters', 'False');
    expect(installWindowSettings(root)).toEqual({ mobileAppMode: true, enableCaching: false, persistFilters: false });
    expect(window.settings?.mobileAppMode).toBe(true);
  });

  it('ignores values it does not understand', () => {
    expect(parseFlag('{{mobileAppMode}}', false)).toBe(false);
    expect(parseFlag(' true ', false)).toBe(true);
  });
});

describe('mobileAppMode', () => {
  it('is true inside the native shell even when the server did not see the marker, and runningInCordova follows it', () => {
    const root = document.createElement('html');
    expect(installWindowSettings(root, true).mobileAppMode).toBe(true);
    expect(root.getAttribute('data-mobile-app-mode')).toBe('True');
    expect(localStorage.getItem(RUNNING_IN_APP_KEY)).toBe('true');
    const browser = document.createElement('html');
    expect(installWindowSettings(browser, false).mobileAppMode).toBe(false);
    expect(localStorage.getItem(RUNNING_IN_APP_KEY)).toBe('false');
  });

  it('recognises the native shell by Capacitor’s bridge only when it says native', () => {
    expect(runsInNativeShell({ Capacitor: { isNativePlatform: () => true } })).toBe(true);
    expect(runsInNativeShell({ Capacitor: { isNativePlatform: () => false } })).toBe(false);
    expect(runsInNativeShell({})).toBe(false);
  });
});
