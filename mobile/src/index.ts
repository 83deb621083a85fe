import { NativeBiometricBridge, WebBiometricBridge, type BiometricBridge } from './biometric';
import { NativeDeepLinks, WebDeepLinks, type DeepLinkBridge } from './deep-links';
import { NativeDeviceUi, WebDeviceUi, type DeviceUiBridge } from './device-ui';
import { NativeLifecycle, WebLifecycle, type LifecycleBridge } from './lifecycle';
import { isNativeShell } from './platform';
import { NativeSecureStore, WebSecureStore, type SecureStore } from './secure-storage';

export * from './biometric';
export * from './deep-links';
export * from './device-ui';
export * from './lifecycle';
export * from './platform';
export * from './secure-storage';

/** Every native capability the app uses, each behind its interface. */
export interface Bridges {
  native: boolean;
  biometric: BiometricBridge;
  secureStore: SecureStore;
  lifecycle: LifecycleBridge;
  deepLinks: DeepLinkBridge;
  deviceUi: DeviceUiBridge;
}

/**
 * The native implementations inside the Capacitor shell, the web ones elsewhere (a browser, an
 * installed PWA, end-to-end tests). portalHost is the firm's portal host, for deep links.
 */
export function createBridges(native: boolean = isNativeShell(), portalHost: string = globalThis.location?.host ?? ''): Bridges {
  if (native) {
    return {
      native,
      biometric: new NativeBiometricBridge(),
      secureStore: new NativeSecureStore(),
      lifecycle: new NativeLifecycle(),
      deepLinks: new NativeDeepLinks(portalHost),
      deviceUi: new NativeDeviceUi(),
    };
  }
  return {
    native,
    biometric: new WebBiometricBridge(),
    secureStore: new WebSecureStore(),
    lifecycle: new WebLifecycle(),
    deepLinks: new WebDeepLinks(),
    deviceUi: new WebDeviceUi(),
  };
}

let shared: Bridges | null = null;

/** The app's bridges, made once. */
export function bridges(): Bridges {
  return (shared ??= createBridges());
}
