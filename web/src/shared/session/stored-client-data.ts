/**
 * The browser's "stored client data" (spec 1 §3 storage keys, spec 3 §4.5): the account filter
 * and its history (coa_filter, coa_history) and the persisted slices ("persist:*"). It belongs in
 * sessionStorage, which dies with the tab; it goes when an adviser chooses another client and at
 * logout, from localStorage too, where an older build kept it. Nothing secret and no client data
 * is ever written to localStorage.
 */

export const ACCOUNT_FILTER_KEYS = ['coa_filter', 'coa_history'] as const;
export const PERSISTED_PREFIX = 'persist:';

/**
 * The one persisted key that outlives a sign-in, in localStorage only: the notifications a user
 * dismissed (entity ids and notification types, nothing personal), so that signing in again shows
 * the notification modal only for what was not dismissed (features/notifications).
 */
export const KEPT_ACROSS_SIGN_INS = 'persist:reviewNotification';

type StorageName = 'sessionStorage' | 'localStorage';

function storages(): Storage[] {
  const found: Storage[] = [];
  for (const name of ['sessionStorage', 'localStorage'] as StorageName[]) {
    try {
      const store = window[name];
      if (store) found.push(store);
    } catch {
      // Private browsing may refuse access altogether: nothing is stored there then.
    }
  }
  return found;
}

function isLocalStorage(store: Storage): boolean {
  try {
    return store === window.localStorage;
  } catch {
    return false;
  }
}

/** The account filter and its history (the logo and Analysis clear them, spec 1 §2). */
export function clearAccountFilter(): void {
  for (const store of storages()) for (const key of ACCOUNT_FILTER_KEYS) store.removeItem(key);
}

/** Every stored piece of the viewed client's data: on a new client in context and at logout. */
export function clearStoredClientData(): void {
  clearAccountFilter();
  for (const store of storages()) {
    const persisted: string[] = [];
    const kept = isLocalStorage(store) ? KEPT_ACROSS_SIGN_INS : null;
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(PERSISTED_PREFIX) && key !== kept) persisted.push(key);
    }
    for (const key of persisted) store.removeItem(key);
  }
}
