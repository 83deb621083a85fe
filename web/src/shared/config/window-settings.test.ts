import { describe, expect, it } from 'vitest';
import { installWindowSettings, parseFlag, readWindowSettings } from './window-settings';

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
