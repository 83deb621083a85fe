import { createStore, useStore } from '../../shared/state/create-store';

/** A deployed new version waits; applying it activates the new service worker and reloads. */
export const updateStore = createStore<{ apply(): void } | null>(null);
export const useWaitingUpdate = () => useStore(updateStore);

interface RegisterOptions {
  /** Inside the native shell the app is bundled: no service worker there (issue 5). */
  mobileAppMode: boolean;
  scope?: { navigator?: Navigator; location?: Location };
}

/**
 * Registers the service worker after the page has loaded (never on the login route's critical
 * path), and offers the update when a new version is waiting. Not in the native shell, and not
 * where the browser has no service workers (or blocks them).
 */
export async function registerServiceWorker({ mobileAppMode, scope = globalThis }: RegisterOptions): Promise<boolean> {
  if (mobileAppMode || !scope.navigator || !('serviceWorker' in scope.navigator)) return false;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    updateStore.set({
      apply() {
        wb.addEventListener('controlling', () => scope.location?.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  try {
    await wb.register();
    return true;
  } catch {
    // Blocked or unsupported (private windows of some browsers): the site works without it.
    return false;
  }
}
