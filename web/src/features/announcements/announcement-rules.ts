import type { AnnouncementConfig } from '../../shared/config/site-config';

/**
 * The rules of announcements (spec 3 §2.7, §4.6, §9) as plain functions: which announcement a
 * page shows, when a panel is shown, and the cookie that keeps a dismissed one hidden.
 */

/** Spec 3 §2.7: the announcement hashes of the home page and the documents page. */
export const ANNOUNCEMENT_HASHES = { home: 134, documents: 135 } as const;

/** Spec 3 §9: the 'Don't show this again' cookie expires in the year 2099. */
export const ANNOUNCEMENT_COOKIE_EXPIRES = 'Thu, 31 Dec 2099 23:59:59 GMT';

/** The cookie that keeps announcement `hash` hidden (keyed on the hash, spec 3 §4.6). */
export function announcementCookieName(hash: number): string {
  return `announcement-hidden-${hash}`;
}

const hasText = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** Spec 3 §2.7: a panel is shown only when it has a hash and a header or content. */
export function hasAnnouncement(announcement: AnnouncementConfig | undefined): announcement is AnnouncementConfig {
  if (!announcement || !Number.isFinite(announcement.hash)) return false;
  return hasText(announcement.header) || hasText(announcement.content);
}

/** The firm's announcement with this hash, if it has one worth showing. */
export function findAnnouncement(announcements: readonly AnnouncementConfig[], hash: number): AnnouncementConfig | undefined {
  const found = announcements.find((announcement) => announcement.hash === hash);
  return hasAnnouncement(found) ? found : undefined;
}

/**
 * A short fingerprint (FNV-1a, 32 bits, hex) of what the announcement says. The cookie holds it,
 * so a firm that rewrites announcement 134 reaches the clients who dismissed the old text
 * (chosen: the spec keys the cookie on the hash alone, which would hide every later notice).
 */
export function announcementFingerprint(announcement: AnnouncementConfig): string {
  const text = `${announcement.header ?? ''}\n${announcement.content ?? ''}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The Set-Cookie string of 'Don't show this again': path /, expiry in 2099, SameSite=Lax, Secure
 * over https. It carries no personal data: the hash in its name, the fingerprint as its value.
 */
export function dismissCookie(announcement: AnnouncementConfig, secure: boolean): string {
  const parts = [
    `${announcementCookieName(announcement.hash)}=${announcementFingerprint(announcement)}`,
    `expires=${ANNOUNCEMENT_COOKIE_EXPIRES}`,
    'path=/',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Whether the browser's cookies (document.cookie) say this announcement was dismissed for good. */
export function dismissedForGood(cookies: string, announcement: AnnouncementConfig): boolean {
  const name = announcementCookieName(announcement.hash);
  const fingerprint = announcementFingerprint(announcement);
  return cookies.split(';').some((part) => {
    const [key, ...value] = part.trim().split('=');
    return key === name && value.join('=') === fingerprint;
  });
}

/** Stores 'Don't show this again' for this announcement (Secure when the page came over https). */
export function rememberDismissal(announcement: AnnouncementConfig, doc: Document = document): void {
  doc.cookie = dismissCookie(announcement, doc.location?.protocol === 'https:');
}
