import { useSyncExternalStore } from 'react';

/**
 * A tiny external store: one value, subscribers, and a hook. Used for the few pieces of state
 * that features set and the shell reads (client in context, review in progress, unread count)
 * without a provider on the login route.
 */
export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  /** Back to the initial value (logout, tests). */
  reset(): void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (Object.is(next, value)) return;
    value = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => value,
    set,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset: () => set(initial),
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
