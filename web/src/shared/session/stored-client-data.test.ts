import { afterEach, describe, expect, it } from 'vitest';
import { clearAccountFilter, clearStoredClientData } from './stored-client-data';

afterEach(() => sessionStorage.clear());

describe('stored client data', () => {
  it('goes from sessionStorage and from localStorage; consent and other keys stay', () => {
    for (const store of [sessionStorage, localStorage]) {
      store.setItem('coa_filter', 'x');
      store.setItem('coa_history', 'y');
      store.setItem('persist:dashboard', '{}');
      store.setItem('persist:capabilities', '{}');
      store.setItem('cookieConsent', 'true');
    }
    clearStoredClientData();
    for (const store of [sessionStorage, localStorage]) {
      expect(store.length).toBe(1);
      expect(store.getItem('cookieConsent')).toBe('true');
    }
  });

  it('keeps the dismissed notifications in localStorage across sign-ins; the session copy goes', () => {
    localStorage.setItem('persist:reviewNotification', '{"1001":{"dismissed":["review"]}}');
    sessionStorage.setItem('persist:reviewNotification', '{"1001":{"closed":["factFind"]}}');
    clearStoredClientData();
    expect(localStorage.getItem('persist:reviewNotification')).toBe('{"1001":{"dismissed":["review"]}}');
    expect(sessionStorage.getItem('persist:reviewNotification')).toBeNull();
    localStorage.clear();
  });

  it('the account filter alone goes from the logo and Analysis', () => {
    sessionStorage.setItem('coa_filter', 'x');
    sessionStorage.setItem('persist:filter', '{}');
    clearAccountFilter();
    expect(sessionStorage.getItem('coa_filter')).toBeNull();
    expect(sessionStorage.getItem('persist:filter')).toBe('{}');
  });
});
