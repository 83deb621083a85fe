/** Browser-stored client state (spec 1 §3 storage keys). */

const ACCOUNT_FILTER_KEYS = ['coa_filter', 'coa_history'];

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Clicking the logo or Analysis clears the stored account filter and its history. */
export function clearAccountFilter(): void {
  const store = storage();
  for (const key of ACCOUNT_FILTER_KEYS) store?.removeItem(key);
}

/** On logout: the account filter and every persisted slice ("persist:*"). Consent stays. */
export function clearClientState(): void {
  clearAccountFilter();
  const store = storage();
  if (!store) return;
  const persisted: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith('persist:')) persisted.push(key);
  }
  for (const key of persisted) store.removeItem(key);
}
