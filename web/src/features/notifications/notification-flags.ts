import { createStore, useStore } from '../../shared/state/create-store';
import { NOTIFICATION_TYPES, type NotificationType, type StoredFlags } from './notification-state';

/**
 * The user's notification flags (spec 3 §3.3 dismissed and closed; §9 persisted key "review
 * notification"), by entity id, holding nothing but entity ids and notification types:
 * - dismissed (postponed from the modal) in localStorage, kept across sign-ins, so signing in again
 *   shows the modal only for what was not dismissed;
 * - closed (put aside for this sign-in, when the client went to the journey) in sessionStorage,
 *   which logout clears with every other "persist:" key.
 */
export const NOTIFICATION_FLAGS_KEY = 'persist:reviewNotification';

type Flag = 'dismissed' | 'closed';
type Stored = Record<string, Partial<Record<Flag, NotificationType[]>>>;

const storageOf = (flag: Flag): Storage | null => {
  try {
    return flag === 'dismissed' ? window.localStorage : window.sessionStorage;
  } catch {
    // Private browsing may refuse storage: the flags then last as long as the page.
    return null;
  }
};

function read(flag: Flag): Stored {
  try {
    const raw = storageOf(flag)?.getItem(NOTIFICATION_FLAGS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** A change counter, so that components re-read the flags when they change. */
const version = createStore(0);

/** The stored flags of one user. */
export function readFlags(entityId: number): StoredFlags {
  const pick = (flag: Flag) => {
    const types = read(flag)[String(entityId)]?.[flag];
    return new Set((Array.isArray(types) ? types : []).filter((t): t is NotificationType => NOTIFICATION_TYPES.includes(t)));
  };
  return { dismissed: pick('dismissed'), closed: pick('closed') };
}

function write(flag: Flag, entityId: number, update: (types: Set<NotificationType>) => void): void {
  const all = read(flag);
  const types = new Set(readFlags(entityId)[flag]);
  update(types);
  all[String(entityId)] = { ...all[String(entityId)], [flag]: [...types] };
  try {
    storageOf(flag)?.setItem(NOTIFICATION_FLAGS_KEY, JSON.stringify(all));
  } catch {
    // A full or refused storage: the modal shows again at the next load, nothing worse.
  }
  version.set(version.get() + 1);
}

/** Postpones these journeys for good (the modal's close, speak to adviser on a review). */
export const dismiss = (entityId: number, types: readonly NotificationType[]) => write('dismissed', entityId, (set) => types.forEach((t) => set.add(t)));

/** Forgets that a journey was postponed (the panel's fact find link clears its stored value). */
export const undismiss = (entityId: number, types: readonly NotificationType[]) => write('dismissed', entityId, (set) => types.forEach((t) => set.delete(t)));

/** Puts journeys aside for this sign-in (the client went to one of them). */
export const closeForSession = (entityId: number, types: readonly NotificationType[]) => write('closed', entityId, (set) => types.forEach((t) => set.add(t)));

/** Re-renders the caller whenever a flag changes. */
export const useFlagsVersion = () => useStore(version);

/**
 * Set when a status was set (spec 3 §4.3 "the notifications were not just updated"): the entity
 * whose statuses changed in this page's life. Cleared by a reload or another user's sign-in.
 */
export const updatedStore = createStore<number | null>(null);
