// The announcements feature's public face (spec 3 §2.7, §4.6).
export { AnnouncementPanel } from './announcement-panel';
export { ANNOUNCEMENT_HASHES } from './announcement-rules';
