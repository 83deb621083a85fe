/**
 * Cookie consent is stored in localStorage (cookieConsent = "true"). The consent cookie of the
 * previous site (cookieconsent_status=dismiss) is migrated once and deleted.
 */
export const CONSENT_KEY = 'cookieConsent';
const LEGACY_COOKIE = 'cookieconsent_status';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private browsing in some browsers
  }
}

export function migrateLegacyConsent(doc: Document = document): void {
  const legacy = doc.cookie.split(';').some((part) => part.trim() === `${LEGACY_COOKIE}=dismiss`);
  if (!legacy) return;
  storage()?.setItem(CONSENT_KEY, 'true');
  doc.cookie = `${LEGACY_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

export function hasConsent(): boolean {
  return storage()?.getItem(CONSENT_KEY) === 'true';
}

export function storeConsent(): void {
  storage()?.setItem(CONSENT_KEY, 'true');
}
