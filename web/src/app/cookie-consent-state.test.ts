import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_KEY, hasConsent, migrateLegacyConsent } from './cookie-consent';

// public/cookie-consent-state.js runs before the page the portal sends is painted; it must agree
// with the app on whether the cookie notice shows, or the notice would appear or vanish when the
// app takes over.
const script = readFileSync(resolve(__dirname, '../../public/cookie-consent-state.js'), 'utf8');
const runScript = () => new Function(script)() as void;
const marked = () => document.documentElement.getAttribute('data-cookie-consent') === 'true';

afterEach(() => {
  document.documentElement.removeAttribute('data-cookie-consent');
  localStorage.clear();
  document.cookie = 'cookieconsent_status=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('cookie-consent-state.js', () => {
  it('marks the page exactly when the app would hide the notice', () => {
    runScript();
    expect(marked()).toBe(false);
    expect(hasConsent()).toBe(false);

    localStorage.setItem(CONSENT_KEY, 'true');
    runScript();
    expect(marked()).toBe(true);
    expect(hasConsent()).toBe(true);
  });

  it('counts the previous site\'s consent cookie, which the app migrates', () => {
    document.cookie = 'cookieconsent_status=dismiss; path=/';
    runScript();
    expect(marked()).toBe(true);
    migrateLegacyConsent();
    expect(hasConsent()).toBe(true);
  });
});
