/**
 * The part of the Capacitor CLI's CapacitorConfig this project sets. The CLI itself is not a
 * dependency (it needs Node 22; `make mobile` runs it through npx), so its type is not installed.
 */
interface CapacitorConfig {
  appId: string;
  appName: string;
  webDir: string;
  appendUserAgent?: string;
  loggingBehavior?: 'none' | 'debug' | 'production';
  server?: { url?: string; androidScheme?: string; allowNavigation?: string[]; cleartext?: boolean };
  android?: { allowMixedContent?: boolean; webContentsDebuggingEnabled?: boolean };
  ios?: { contentInset?: 'automatic' | 'scrollableAxes' | 'never' | 'always'; webContentsDebuggingEnabled?: boolean };
  plugins?: Record<string, Record<string, unknown>>;
}

/**
 * The native iOS/Android shell (issue 5). The web build is bundled in the app (web/dist); the
 * app talks to the firm's portal at PORTAL_MOBILE_URL, set per firm build (make mobile), through
 * Capacitor's native HTTP and cookie stack, so the portal's HttpOnly session cookie works in
 * both webviews. Navigation stays on the app and the portal's host; other links open in the
 * system browser. Cleartext HTTP only for a local development portal.
 */
const portalUrl = new URL(process.env.PORTAL_MOBILE_URL ?? 'https://portal.harbourvale.example');
const localDevelopment = portalUrl.protocol === 'http:' && ['localhost', '127.0.0.1', '10.0.2.2'].includes(portalUrl.hostname);
if (portalUrl.protocol !== 'https:' && !localDevelopment) {
  throw new Error(`PORTAL_MOBILE_URL must be https (or http on localhost for development): ${portalUrl.href}`);
}
const debugBuild = process.env.CAPACITOR_DEBUG === 'true';

const config: CapacitorConfig = {
  appId: process.env.PORTAL_APP_ID ?? 'com.harbourvale.portal',
  appName: process.env.PORTAL_APP_NAME ?? 'Harbour & Vale',
  webDir: 'web/dist',
  // The server knows it serves the app from this marker (backend/internal/spa MobileAppMarker).
  appendUserAgent: 'WealthPortalApp/1.0',
  loggingBehavior: debugBuild ? 'debug' : 'none',
  server: {
    androidScheme: 'https',
    allowNavigation: [portalUrl.host],
    cleartext: localDevelopment,
  },
  android: {
    allowMixedContent: false,
    webContentsDebuggingEnabled: debugBuild,
  },
  ios: {
    contentInset: 'never',
    webContentsDebuggingEnabled: debugBuild,
  },
  plugins: {
    // fetch and XMLHttpRequest go through the native stack, cookies through the native store.
    CapacitorHttp: { enabled: true },
    CapacitorCookies: { enabled: true },
    PrivacyScreen: { enable: true, imageName: 'Splashscreen', preventScreenshots: false },
  },
};

export default config;
