import type { JourneyStatuses } from '../../shared/api/journey-statuses';
import { factFindAwaiting, ROBO_JOURNEY_TYPE, type NotificationType } from '../notifications';

/** The journeys with a page of their own (the review has the annual review). */
export type JourneyType = Exclude<NotificationType, 'review'>;

/** What the journey page offers (spec 3 §4.3). */
export interface JourneyActions {
  /** Start (or Continue, for a journey in progress); null when there is nothing to start. */
  start: 'start' | 'continue' | null;
  speakToAdviser: boolean;
  /** Decline: robo journeys that are enabled or in progress. */
  decline: boolean;
}

export type JourneyStatusKey = 'awaiting' | 'none' | 'enabled' | 'in_progress' | 'declined' | 'follow_up_requested';

/** Where the journey stands for this client. A robo journey of another type is none. */
export function journeyStatus(type: JourneyType, s: Pick<JourneyStatuses, 'factFindStatus' | 'roboJourneyType' | 'roboJourneyStatus'>): JourneyStatusKey {
  if (type === 'factFind') return factFindAwaiting(s.factFindStatus) ? 'awaiting' : 'none';
  if (s.roboJourneyType !== ROBO_JOURNEY_TYPE[type]) return 'none';
  switch (s.roboJourneyStatus) {
    case 'enabled':
    case 'in_progress':
    case 'declined':
    case 'follow_up_requested':
      return s.roboJourneyStatus;
    default:
      return 'none';
  }
}

/** The page's actions for a status (an in-progress journey continues; a declined one may still start). */
export function journeyActions(status: JourneyStatusKey): JourneyActions {
  switch (status) {
    case 'awaiting':
    case 'enabled':
    case 'declined':
      return { start: 'start', speakToAdviser: true, decline: status === 'enabled' };
    case 'in_progress':
      return { start: 'continue', speakToAdviser: true, decline: true };
    default:
      return { start: null, speakToAdviser: false, decline: false };
  }
}

/** The status line the page shows (the spec gives none). */
export const JOURNEY_STATUS_TEXTS: Record<JourneyStatusKey, string> = {
  awaiting: 'Your fact find is waiting for you.',
  none: 'There is nothing for you to do here at the moment.',
  enabled: 'This is ready for you to start.',
  in_progress: 'You have started this. You can continue where you left off.',
  declined: 'You chose not to go ahead with this. You can still start it, or ask your adviser about it.',
  follow_up_requested: 'You asked your adviser to contact you about this. They will be in touch.',
};

export const JOURNEY_TEXTS = {
  statusLabel: 'Status',
  continue: 'Continue',
  decline: 'No thanks',
  declined: 'Thank you. You can come back to this from your home page at any time.',
  back: 'Back to home',
} as const;
