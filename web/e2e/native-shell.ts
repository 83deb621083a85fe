import type { Page } from '@playwright/test';

/** What the fake biometric prompt does: pass, or refuse as the real one can. */
export type FakeBiometricOutcome = 'pass' | 'cancel' | 'unavailable';

/** Where the fake Keychain keeps its items (sessionStorage: per tab, never localStorage). */
export const FAKE_KEYCHAIN = 'e2e-fake-keychain';

/**
 * Makes the page the app inside the Capacitor Android shell, as far as its JavaScript can tell:
 * before any of the app's scripts run, it installs what the shell injects (window.androidBridge
 * and a window.Capacitor that declares the native plugins), with fakes of the plugins the app's
 * native bridges call: the biometric prompt (@aparajita/capacitor-biometric-auth), the Keychain
 * (@aparajita/capacitor-secure-storage), App events, the status bar and the privacy screen.
 *
 * So the app under test is the production bundle, unchanged, taking its native code paths
 * (mobile/src NativeBiometricBridge, NativeSecureStore ...); only the operating system's side is
 * fake. The browser's own biometric bridge never passes (it fails closed), so without this a
 * biometric login cannot succeed in a browser.
 */
export async function fakeNativeShell(page: Page, biometric: FakeBiometricOutcome = 'pass'): Promise<void> {
  await page.addInitScript(
    ({ outcome, keychainKey }) => {
      type Options = Record<string, unknown>;
      const keychain = (): Record<string, string> => JSON.parse(sessionStorage.getItem(keychainKey) ?? '{}') as Record<string, string>;
      const saveKeychain = (items: Record<string, string>) => sessionStorage.setItem(keychainKey, JSON.stringify(items));
      const refusal = (code: string, message: string) => Object.assign(new Error(message), { code });
      let callbacks = 0;
      const plugins: Record<string, Record<string, (options: Options) => unknown>> = {
        BiometricAuthNative: {
          checkBiometry: () => ({
            isAvailable: outcome !== 'unavailable',
            strongBiometryIsAvailable: outcome !== 'unavailable',
            biometryType: 3, // fingerprintAuthentication
            biometryTypes: [3],
            deviceIsSecure: true,
            reason: '',
            code: '',
            strongReason: '',
            strongCode: '',
          }),
          internalAuthenticate: () => {
            if (outcome === 'cancel') throw refusal('userCancel', 'Cancelled');
            if (outcome === 'unavailable') throw refusal('biometryNotAvailable', 'No biometry');
            return undefined;
          },
        },
        SecureStorage: {
          setSynchronizeKeychain: () => undefined,
          internalGetItem: ({ prefixedKey }) => ({ data: keychain()[prefixedKey as string] ?? null }),
          internalSetItem: ({ prefixedKey, data }) => saveKeychain({ ...keychain(), [prefixedKey as string]: data as string }),
          internalRemoveItem: ({ prefixedKey }) => {
            const items = keychain();
            const had = (prefixedKey as string) in items;
            delete items[prefixedKey as string];
            saveKeychain(items);
            return { success: had };
          },
          internalClearItemsWithPrefix: () => undefined,
          internalGetPrefixedKeys: () => ({ keys: Object.keys(keychain()) }),
        },
        App: { addListener: () => String(++callbacks), removeListener: () => undefined },
        StatusBar: { setStyle: () => undefined, setBackgroundColor: () => undefined },
        PrivacyScreen: { enable: () => undefined },
      };
      const w = window as unknown as Record<string, unknown>;
      w.androidBridge = { postMessage: () => undefined };
      w.Capacitor = {
        isNativePlatform: () => true,
        getPlatform: () => 'android',
        PluginHeaders: Object.entries(plugins).map(([name, methods]) => ({
          name,
          methods: Object.keys(methods).map((method) => ({ name: method, rtype: method === 'addListener' ? 'callback' : 'promise' })),
        })),
        nativePromise: async (plugin: string, method: string, options: Options) => plugins[plugin]![method]!(options ?? {}),
        nativeCallback: (plugin: string, method: string, options: Options) => plugins[plugin]![method]!(options ?? {}),
      };
    },
    { outcome: biometric, keychainKey: FAKE_KEYCHAIN },
  );
}
