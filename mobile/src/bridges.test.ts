import { afterEach, describe, expect, it, vi } from 'vitest';
import { BiometricError, WebBiometricBridge } from './biometric';
import { deepLinkPath } from './deep-links';
import { WebDeviceUi } from './device-ui';
import { createBridges } from './index';
import { WebLifecycle } from './lifecycle';
import { hasShellUserAgent, SHELL_USER_AGENT_MARKER } from './platform';
import { memoryBackend, WebSecureStore } from './secure-storage';

afterEach(() => {
  document.documentElement.className = '';
  document.head.innerHTML = '';
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('web biometric bridge', () => {
  it('fails closed: biometry is unavailable and the check never passes, whatever the page sets', async () => {
    const page = globalThis as { portalBiometricSimulation?: string };
    for (const outcome of [undefined, 'pass', 'passed', 'success', '']) {
      page.portalBiometricSimulation = outcome;
      const bridge = new WebBiometricBridge();
      await expect(bridge.availability()).resolves.toEqual({ available: false });
      await expect(bridge.verify()).rejects.toEqual(new BiometricError('unavailable'));
    }
    delete page.portalBiometricSimulation;
  });
});

describe('web secure store', () => {
  it('keeps, returns and removes secrets in its backend, never in localStorage', async () => {
    const store = new WebSecureStore(memoryBackend());
    expect(await store.get('device')).toBeNull();
    await store.set('device', 'secret-value');
    expect(await store.get('device')).toBe('secret-value');
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-value');
    await store.remove('device');
    expect(await store.get('device')).toBeNull();
  });
});

describe('web lifecycle', () => {
  it('calls back when the tab becomes visible again, until stopped', () => {
    const resumed = vi.fn();
    const stop = new WebLifecycle().onResume(resumed);
    setVisibility('hidden');
    expect(resumed).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(resumed).toHaveBeenCalledTimes(1);
    stop();
    setVisibility('visible');
    expect(resumed).toHaveBeenCalledTimes(1);
  });
});

describe('web device UI', () => {
  it('sets the theme colour and covers the page while hidden', async () => {
    const ui = new WebDeviceUi();
    await ui.setStatusBar('light', '#0b2a3f');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0b2a3f');
    await ui.enablePrivacyScreen();
    setVisibility('hidden');
    expect(document.documentElement.classList.contains('privacy-cover')).toBe(true);
    setVisibility('visible');
    expect(document.documentElement.classList.contains('privacy-cover')).toBe(false);
  });
});

describe('deep links', () => {
  it('follows only https links to the portal host, to an in-app path', () => {
    expect(deepLinkPath('https://portal.harbourvale.co.uk/clients/documents-and-messages/?compose=true', 'portal.harbourvale.co.uk')).toBe(
      '/clients/documents-and-messages/?compose=true',
    );
    expect(deepLinkPath('https://evil.example/clients/', 'portal.harbourvale.co.uk')).toBeNull();
    expect(deepLinkPath('http://portal.harbourvale.co.uk/clients/', 'portal.harbourvale.co.uk')).toBeNull();
    expect(deepLinkPath('javascript:alert(1)', 'portal.harbourvale.co.uk')).toBeNull();
    expect(deepLinkPath('not a url', 'portal.harbourvale.co.uk')).toBeNull();
  });
});

describe('platform', () => {
  it('recognises the shell by its user-agent marker', () => {
    expect(hasShellUserAgent(`Mozilla/5.0 (iPhone) ${SHELL_USER_AGENT_MARKER}1.0`)).toBe(true);
    expect(hasShellUserAgent('Mozilla/5.0 (iPhone) Safari/605.1')).toBe(false);
  });

  it('uses the web implementations outside the native shell', () => {
    const bridges = createBridges(false, 'portal.example');
    expect(bridges.native).toBe(false);
    expect(bridges.biometric).toBeInstanceOf(WebBiometricBridge);
    expect(bridges.secureStore).toBeInstanceOf(WebSecureStore);
  });
});
