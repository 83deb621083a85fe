// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHELL_USER_AGENT_MARKER } from './platform';

// The committed native projects and the Capacitor configuration, read as files: what a phone
// build will carry (permission strings, allowed navigation, the server URL rules).
const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

async function configFor(portalUrl: string | undefined, debug?: string) {
  vi.resetModules();
  vi.stubEnv('PORTAL_MOBILE_URL', portalUrl as string);
  vi.stubEnv('CAPACITOR_DEBUG', debug as string);
  return (await import('../../capacitor.config')).default;
}

afterEach(() => vi.unstubAllEnvs());

describe('Android project', () => {
  const manifest = read('android/app/src/main/AndroidManifest.xml');

  it('asks for the biometric permission and allows no cleartext traffic', () => {
    expect(manifest).toContain('<uses-permission android:name="android.permission.USE_BIOMETRIC" />');
    expect(manifest).toContain('android:usesCleartextTraffic="false"');
    expect(manifest).toContain('android:networkSecurityConfig="@xml/network_security_config"');
    const security = read('android/app/src/main/res/xml/network_security_config.xml');
    expect(security).toContain('<base-config cleartextTrafficPermitted="false" />');
    const cleartextDomains = [...security.matchAll(/<domain[^>]*>([^<]+)<\/domain>/g)].map((m) => m[1]);
    expect(cleartextDomains.sort()).toEqual(['10.0.2.2', '127.0.0.1', 'localhost']);
  });

  it('opens the portal links of its own host only (verified App Links)', () => {
    expect(manifest).toMatch(/<intent-filter android:autoVerify="true">[\s\S]*android:scheme="https" android:host="\$\{portalHost\}"/);
    expect(read('android/app/build.gradle')).toContain("manifestPlaceholders = [portalHost:");
  });
});

describe('iOS project', () => {
  it('says why it uses Face ID and claims the portal host for Universal Links', () => {
    const plist = read('ios/App/App/Info.plist');
    expect(plist).toMatch(/<key>NSFaceIDUsageDescription<\/key>\s*<string>[^<]{20,}<\/string>/);
    expect(read('ios/App/App/App.entitlements')).toMatch(/<string>applinks:[a-z0-9.-]+<\/string>/);
    expect(read('ios/App/App.xcodeproj/project.pbxproj').match(/CODE_SIGN_ENTITLEMENTS = App\/App.entitlements;/g)).toHaveLength(2);
  });
});

describe('Capacitor configuration', () => {
  it('bundles the web build and limits navigation to the portal host, with native HTTP and cookies', async () => {
    const config = await configFor('https://portal.firm.co.uk');
    expect(config.webDir).toBe('web/dist');
    expect(config.server?.url).toBeUndefined(); // bundled, not a live-reload server
    expect(config.server?.allowNavigation).toEqual(['portal.firm.co.uk']);
    expect(config.server?.cleartext).toBe(false);
    expect(config.appendUserAgent).toContain(SHELL_USER_AGENT_MARKER);
    expect(config.plugins?.CapacitorHttp).toEqual({ enabled: true });
    expect(config.plugins?.CapacitorCookies).toEqual({ enabled: true });
    expect(config.android?.webContentsDebuggingEnabled).toBe(false);
    expect(config.ios?.webContentsDebuggingEnabled).toBe(false);
  });

  it('allows cleartext only for a local development portal, and debugging only in a debug build', async () => {
    const local = await configFor('http://10.0.2.2:8080', 'true');
    expect(local.server?.cleartext).toBe(true);
    expect(local.android?.webContentsDebuggingEnabled).toBe(true);
    await expect(configFor('http://portal.firm.co.uk')).rejects.toThrow(/must be https/);
  });
});
