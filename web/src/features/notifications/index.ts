// The notifications feature's public face (spec 3 §2.4, §3.3, §4.3): the modal the shell shows,
// the 'Action required' panel pages put above their content, and the rules the journey pages use.
export { NotificationHost } from './notification-host';
export { WithPostponementPanel, PANEL_HEADING } from './postponement-panel';
export { notificationsConfig, type JourneyConfig } from './notification-config';
export { updatedStore } from './notification-flags';
export { factFindAwaiting, isRoboJourneyActive, speakToAdviserChange, ROBO_JOURNEY_TYPE, type NotificationType } from './notification-state';
export { statusChangeError } from './status-change-error';
