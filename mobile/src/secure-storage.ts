/**
 * Secret storage: the Keychain (iOS) or the Keystore-backed store (Android) in the shell. It
 * holds the biometric device credential, never a password; the app reads it only after the
 * biometric check passed. Secrets are never put in localStorage.
 */
export interface SecureStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The store a web SecureStore writes through; IndexedDB in a browser, a Map in unit tests. */
export interface KeyValueBackend {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A Map as a backend (unit tests, or a browser without IndexedDB: nothing outlives the page). */
export function memoryBackend(): KeyValueBackend {
  const values = new Map<string, string>();
  return {
    get: async (key) => values.get(key),
    set: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
  };
}

const DB_NAME = 'portal-secure-store';
const STORE = 'secrets';

/** IndexedDB (origin-scoped, not readable by other sites, and not localStorage). */
export function indexedDbBackend(factory: IDBFactory | undefined = globalThis.indexedDB): KeyValueBackend {
  if (!factory) return memoryBackend();
  let opened: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
    }));
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  };
  return {
    get: async (key) => {
      const value = await run('readonly', (store) => store.get(key) as IDBRequest<unknown>);
      return typeof value === 'string' ? value : undefined;
    },
    set: async (key, value) => void (await run('readwrite', (store) => store.put(value, key))),
    delete: async (key) => void (await run('readwrite', (store) => store.delete(key))),
  };
}

/** The browser's stand-in for secure storage, over a backend (IndexedDB by default). */
export class WebSecureStore implements SecureStore {
  constructor(private readonly backend: KeyValueBackend = indexedDbBackend()) {}

  async get(key: string): Promise<string | null> {
    return (await this.backend.get(key)) ?? null;
  }

  set(key: string, value: string): Promise<void> {
    return this.backend.set(key, value);
  }

  remove(key: string): Promise<void> {
    return this.backend.delete(key);
  }
}

/** @aparajita/capacitor-secure-storage in the shell: Keychain items for this device only. */
export class NativeSecureStore implements SecureStore {
  // The plugin is wrapped, never resolved as a promise's value: a Capacitor plugin proxy answers
  // every property, `then` included, and on a device that call fails ("SecureStorage.then() is
  // not implemented").
  private async plugin() {
    const { SecureStorage, KeychainAccess } = await import('@aparajita/capacitor-secure-storage');
    await SecureStorage.setDefaultKeychainAccess(KeychainAccess.whenUnlockedThisDeviceOnly);
    // Never synchronised through iCloud: the credential is bound to this device.
    await SecureStorage.setSynchronize(false);
    return { storage: SecureStorage };
  }

  async get(key: string): Promise<string | null> {
    const value = await (await this.plugin()).storage.getItem(key);
    return value ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    await (await this.plugin()).storage.setItem(key, value);
  }

  async remove(key: string): Promise<void> {
    await (await this.plugin()).storage.removeItem(key);
  }
}
