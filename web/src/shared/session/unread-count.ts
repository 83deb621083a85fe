import { createStore, useStore } from '../state/create-store';

/**
 * Unread messages of the signed-in client, fed by the messages feature (spec 3: the count query
 * asks for 21 items, so 21 means "more than 20"). The top navigation shows it as a badge.
 */
export const unreadCountStore = createStore(0);

export const useUnreadCount = () => useStore(unreadCountStore);

/** Badge text (spec 1 §2): the count up to 20, then "20+"; nothing at 0. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 20 ? '20+' : String(Math.floor(count));
}
