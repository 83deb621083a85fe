import { useEffect, useId, useState } from 'react';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { ANNOUNCEMENT_TAGS, SanitizedHtml } from '../../shared/ui/sanitized-html';
import { dismissedForGood, findAnnouncement, rememberDismissal } from './announcement-rules';
import { hideAnnouncement, useIsAnnouncementHidden } from './announcement-store';
import './announcements.css';

interface Props {
  /** Spec 3 §2.7: 134 on the home page, 135 on the documents page (ANNOUNCEMENT_HASHES). */
  hash: number;
}

/**
 * The firm's announcement with this hash (spec 3 §2.7, §4.6), from the site configuration: a
 * region with its header, the content (HTML the server sanitised, sanitised again here with the
 * same tags), 'Don't show this again' and Close. Close hides it for this visit; with the box
 * ticked a cookie keeps it hidden on later visits. Shown to clients and advisers alike (a notice
 * of the firm's, not the client's data). Read from the configuration the app already holds, so it
 * is there from the page's first frame and never moves the page.
 */
export function AnnouncementPanel({ hash }: Props) {
  const { content } = useSiteConfig();
  const hidden = useIsAnnouncementHidden(hash);
  const [forGood, setForGood] = useState(false);
  const headingId = useId();
  const checkboxId = useId();
  const announcement = findAnnouncement(content.announcements, hash);
  const dismissed = announcement !== undefined && dismissedForGood(document.cookie, announcement);
  // Browsers cap a cookie's life whatever its expiry says (Chromium 400 days, Safari 7 days for a
  // cookie written by script): written again at each visit, it lasts as long as the client comes back.
  const [dismissedOnArrival] = useState(dismissed);
  useEffect(() => {
    if (announcement && dismissedOnArrival) rememberDismissal(announcement);
  }, [announcement, dismissedOnArrival]);
  if (!announcement || hidden || dismissed) return null;

  const close = () => {
    if (forGood) rememberDismissal(announcement);
    // The panel is about to go: focus moves to the page's main area rather than to nowhere.
    document.getElementById('main-content')?.focus();
    hideAnnouncement(hash);
  };

  const header = announcement.header?.trim();
  return (
    <section className="announcement" aria-labelledby={headingId} data-announcement={hash}>
      <h2 id={headingId} className={header ? 'announcement__header' : 'visually-hidden'}>
        {header || 'Announcement'}
      </h2>
      {announcement.content && <SanitizedHtml className="announcement__content" html={announcement.content} allowedTags={ANNOUNCEMENT_TAGS} />}
      <div className="announcement__actions">
        <span className="announcement__check">
          <input id={checkboxId} type="checkbox" checked={forGood} onChange={(event) => setForGood(event.target.checked)} />
          <label htmlFor={checkboxId}>Don't show this again</label>
        </span>
        <button type="button" className="button button--secondary" onClick={close}>
          Close
        </button>
      </div>
    </section>
  );
}
