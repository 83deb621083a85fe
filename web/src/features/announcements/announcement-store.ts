import { createStore, useStore } from '../../shared/state/create-store';

/**
 * Spec 3 §4.6's global isAnnouncementHidden flag, per hash: the announcements closed during this
 * visit (this page load of the app). A reload shows them again unless the cookie says otherwise.
 */
export const hiddenAnnouncementsStore = createStore<ReadonlySet<number>>(new Set());

export function isAnnouncementHidden(hash: number): boolean {
  return hiddenAnnouncementsStore.get().has(hash);
}

export function hideAnnouncement(hash: number): void {
  const hidden = hiddenAnnouncementsStore.get();
  if (!hidden.has(hash)) hiddenAnnouncementsStore.set(new Set([...hidden, hash]));
}

export function useIsAnnouncementHidden(hash: number): boolean {
  return useStore(hiddenAnnouncementsStore).has(hash);
}
