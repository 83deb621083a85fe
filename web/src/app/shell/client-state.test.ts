import { beforeEach, describe, expect, it } from 'vitest';
import { clearAccountFilter, clearClientState } from './client-state';

describe('client state', () => {
  beforeEach(() => localStorage.clear());

  it('clears the account filter and history', () => {
    localStorage.setItem('coa_filter', 'x');
    localStorage.setItem('coa_history', 'y');
    localStorage.setItem('cookieConsent', 'true');
    clearAccountFilter();
    expect(localStorage.getItem('coa_filter')).toBeNull();
    expect(localStorage.getItem('coa_history')).toBeNull();
    expect(localStorage.getItem('cookieConsent')).toBe('true');
  });

  it('clears persisted slices on logout but keeps cookie consent', () => {
    localStorage.setItem('persist:filter', '{}');
    localStorage.setItem('persist:user', '{}');
    localStorage.setItem('coa_filter', 'x');
    localStorage.setItem('cookieConsent', 'true');
    clearClientState();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('cookieConsent')).toBe('true');
  });
});
