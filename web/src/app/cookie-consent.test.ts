import { beforeEach, describe, expect, it } from 'vitest';
import { hasConsent, migrateLegacyConsent, storeConsent } from './cookie-consent';

describe('cookie consent', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'cookieconsent_status=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('has no consent until it is stored', () => {
    expect(hasConsent()).toBe(false);
    storeConsent();
    expect(localStorage.getItem('cookieConsent')).toBe('true');
    expect(hasConsent()).toBe(true);
  });

  it('migrates the old consent cookie and deletes it', () => {
    document.cookie = 'cookieconsent_status=dismiss; path=/';
    migrateLegacyConsent();
    expect(hasConsent()).toBe(true);
    expect(document.cookie).not.toContain('cookieconsent_status=dismiss');
  });

  it('ignores other cookie values', () => {
    document.cookie = 'cookieconsent_status=allow; path=/';
    migrateLegacyConsent();
    expect(hasConsent()).toBe(false);
  });
});
