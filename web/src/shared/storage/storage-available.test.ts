import { describe, expect, it } from 'vitest';
import { isStorageAvailable } from './storage-available';

describe('isStorageAvailable', () => {
  it('is true when storage can be written, and leaves nothing behind', () => {
    expect(isStorageAvailable()).toBe(true);
    expect(localStorage.length).toBe(0);
  });

  it('is false when writing throws (private browsing) or there is no storage', () => {
    const throwing = { setItem: () => { throw new DOMException('QuotaExceededError'); }, removeItem: () => undefined } as unknown as Storage;
    expect(isStorageAvailable(() => throwing)).toBe(false);
    expect(isStorageAvailable(() => undefined)).toBe(false);
    expect(isStorageAvailable(() => { throw new DOMException('SecurityError'); })).toBe(false);
  });
});
