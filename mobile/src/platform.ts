import { Capacitor } from '@capacitor/core';

/**
 * The token the native shell appends to its webview's user agent (capacitor.config.ts
 * appendUserAgent), so that the server already knows it serves the app (spec 1 §3 mobileAppMode)
 * and the first paint hides the footer. Mirrors backend/internal/spa MobileAppMarker.
 */
export const SHELL_USER_AGENT_MARKER = 'WealthPortalApp/';

/** True inside the Capacitor iOS or Android shell, false in a browser or an installed PWA. */
export function isNativeShell(): boolean {
  return Capacitor.isNativePlatform();
}

/** True when the user agent carries the shell's marker (the native shell, or a test posing as it). */
export function hasShellUserAgent(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return userAgent.includes(SHELL_USER_AGENT_MARKER);
}
