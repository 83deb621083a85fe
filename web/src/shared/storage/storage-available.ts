/**
 * Whether browser storage can be written. Private browsing in some browsers throws on setItem
 * (or has no storage at all); the adviser view keeps its client in context there (spec 1 §5).
 */
export function isStorageAvailable(storage: () => Storage | undefined = () => window.localStorage): boolean {
  try {
    const store = storage();
    if (!store) return false;
    const key = '__portal_storage_check__';
    store.setItem(key, key);
    store.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
