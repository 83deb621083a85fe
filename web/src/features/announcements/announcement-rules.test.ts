import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_HASHES,
  announcementCookieName,
  announcementFingerprint,
  dismissCookie,
  dismissedForGood,
  findAnnouncement,
  hasAnnouncement,
  rememberDismissal,
} from './announcement-rules';

const home = { hash: 134, header: 'Changes to our charges', content: '<p>From 1 January 2027.</p>' };

describe('announcement rules', () => {
  it('names the spec hashes: 134 home, 135 documents', () => {
    expect(ANNOUNCEMENT_HASHES).toEqual({ home: 134, documents: 135 });
  });

  it('shows a panel only with a hash and a header or content', () => {
    expect(hasAnnouncement(home)).toBe(true);
    expect(hasAnnouncement({ hash: 134, header: 'Only a header' })).toBe(true);
    expect(hasAnnouncement({ hash: 134, content: '<p>Only content</p>' })).toBe(true);
    expect(hasAnnouncement({ hash: 134, header: '  ', content: null })).toBe(false);
    expect(hasAnnouncement({ hash: 134 })).toBe(false);
    expect(hasAnnouncement({ hash: Number.NaN, header: 'No hash' })).toBe(false);
    expect(hasAnnouncement(undefined)).toBe(false);
  });

  it("finds the page's announcement by its hash", () => {
    const list = [home, { hash: 135, header: 'New: sign documents online' }, { hash: 136, header: 'Elsewhere' }];
    expect(findAnnouncement(list, 135)?.header).toBe('New: sign documents online');
    expect(findAnnouncement(list, 137)).toBeUndefined();
    expect(findAnnouncement([{ hash: 134, header: '' }], 134)).toBeUndefined();
  });

  it('writes the cookie keyed on the hash, to 2099, path /, SameSite=Lax, Secure only over https', () => {
    expect(announcementCookieName(134)).toBe('announcement-hidden-134');
    const fingerprint = announcementFingerprint(home);
    expect(dismissCookie(home, false)).toBe(`announcement-hidden-134=${fingerprint}; expires=Thu, 31 Dec 2099 23:59:59 GMT; path=/; SameSite=Lax`);
    expect(dismissCookie(home, true)).toBe(`announcement-hidden-134=${fingerprint}; expires=Thu, 31 Dec 2099 23:59:59 GMT; path=/; SameSite=Lax; Secure`);
    // The expiry is a real date in 2099 (a Thursday), as browsers parse it.
    expect(new Date('Thu, 31 Dec 2099 23:59:59 GMT').getUTCFullYear()).toBe(2099);
  });

  it('fingerprints the text: FNV-1a of header, newline, content', () => {
    // The text hashed is header + "\n" + content; with both empty it is "\n" (0x0a). FNV-1a 32:
    // the offset basis 0x811c9dc5 xor 0x0a = 0x811c9dcf; times the prime 0x01000193 = 2^24 + 0x193,
    // mod 2^32: 0x811c9dcf × 0x193 ≡ 0x400c6cdd and 0x811c9dcf × 2^24 ≡ 0xcf000000, summing to
    // 0x10f0c6cdd ≡ 0x0f0c6cdd.
    expect(announcementFingerprint({ hash: 1, header: '', content: '' })).toBe('0f0c6cdd');
    expect(announcementFingerprint({ hash: 1, header: 'a', content: null }).length).toBe(8);
    expect(announcementFingerprint(home)).toBe(announcementFingerprint({ ...home }));
    expect(announcementFingerprint(home)).not.toBe(announcementFingerprint({ ...home, content: '<p>From 1 February 2027.</p>' }));
  });

  it('is dismissed for good only by its own cookie with the current text', () => {
    const cookie = `${announcementCookieName(134)}=${announcementFingerprint(home)}`;
    expect(dismissedForGood(`cookieconsent=1; ${cookie}; other=x`, home)).toBe(true);
    expect(dismissedForGood('', home)).toBe(false);
    expect(dismissedForGood(`announcement-hidden-135=${announcementFingerprint(home)}`, home)).toBe(false);
    // The firm rewrote the announcement: the old dismissal no longer hides it.
    expect(dismissedForGood(cookie, { ...home, header: 'Changes to our charges from 1 April 2027' })).toBe(false);
  });

  it('stores the cookie Secure when the page came over https', () => {
    const page = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    rememberDismissal(home, page);
    expect(page.cookie).toBe(dismissCookie(home, true));
    const plain = { cookie: '', location: { protocol: 'http:' } } as unknown as Document;
    rememberDismissal(home, plain);
    expect(plain.cookie).not.toContain('Secure');
  });
});
