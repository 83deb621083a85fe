import { REVIEW_STATUS, type JourneyStatuses } from '../../shared/api/journey-statuses';

/**
 * The notification state of spec 3 §3.3 and the rules of §2.4 and §4.3, as plain functions: which
 * journeys await the client, which of them the modal shows (and in what order), and which the
 * 'Action required' panel lists. The hooks (use-notification-state.ts) feed them the statuses
 * call, the firm's notification items (site configuration), the stored flags and the URL.
 */

export type NotificationType = 'factFind' | 'review' | 'automatedPersonalAdvice' | 'roboAdvice';

/** The panel's order; the modal shows only the first two, fact find first (spec 3 §2.4). */
export const NOTIFICATION_TYPES: readonly NotificationType[] = ['factFind', 'review', 'automatedPersonalAdvice', 'roboAdvice'];
export const MODAL_TYPES: readonly NotificationType[] = ['factFind', 'review'];

/** Review status (spec 3 §3.3): the shared call's constants. */
export const ReviewStatus = REVIEW_STATUS;

/** The client-side text labels of the review statuses (spec 3 §3.3: "Client-side text labels exist for each"). */
export const REVIEW_STATUS_LABELS: Record<number, string> = {
  1: 'No review',
  2: 'In progress',
  3: 'Follow-up required',
  4: 'Changes reported',
  5: 'No changes reported',
};

/** The robo journey type each robo notification type stands for (spec 3 §3.3). */
export const ROBO_JOURNEY_TYPE: Partial<Record<NotificationType, string>> = {
  automatedPersonalAdvice: 'investment',
  roboAdvice: 'retirement_health_check',
};

/** A notification item as the firm configures it (spec 3 §3.3), with the user's flags. */
export interface NotificationItem {
  type: NotificationType;
  header: string;
  message: string;
  actionButtonText: string;
  speakToAdviserButtonText: string;
  speakToAdviserConfirmationText: string;
  redirectUrl: string;
  emailTemplateId: number | null;
  /** Postponed for good (closed from the modal): kept across sign-ins. */
  dismissed: boolean;
  /** Put aside for this sign-in (the client went to the journey). */
  closed: boolean;
}

export type NotificationConfig = Omit<NotificationItem, 'dismissed' | 'closed'>;

/** The notification state of spec 3 §3.3. */
export interface NotificationState {
  isLoaded: boolean;
  isFetching: boolean;
  /** A status was set in this sign-in: the panel waits for the next load (spec 3 §4.3). */
  hasUpdated: boolean;
  /** A ClientUser acting for themselves: only they can complete (or postpone) a journey. */
  canCompleteJourney: boolean;
  /** The configured items whose journey awaits the client, in NOTIFICATION_TYPES order. */
  notificationsQueue: NotificationItem[];
  reviewStatus: number | null;
  partnerReviewStatus: number | null;
  factFindStatus: string | null;
  roboJourneyType: string;
  roboJourneyStatus: string;
  /** Not asked by this portal (no consent workflow or fee summary here): always null. */
  consentWorkflowStatus: null;
  feeSummaryOptInStatus: null;
}

export interface StoredFlags {
  dismissed: ReadonlySet<NotificationType>;
  closed: ReadonlySet<NotificationType>;
}

export interface StateInputs {
  statuses: JourneyStatuses | undefined;
  partnerStatuses?: JourneyStatuses;
  isFetching: boolean;
  hasUpdated: boolean;
  canCompleteJourney: boolean;
  items: readonly NotificationConfig[];
  flags: StoredFlags;
}

/** Builds the state of spec 3 §3.3 from the statuses call, the firm's items and the stored flags. */
export function notificationState({ statuses, partnerStatuses, isFetching, hasUpdated, canCompleteJourney, items, flags }: StateInputs): NotificationState {
  const queue = statuses
    ? NOTIFICATION_TYPES.flatMap((type) => {
        const item = items.find((i) => i.type === type);
        if (!item || !isAwaiting(type, statuses)) return [];
        return [{ ...item, dismissed: flags.dismissed.has(type), closed: flags.closed.has(type) }];
      })
    : [];
  return {
    isLoaded: statuses !== undefined,
    isFetching,
    hasUpdated,
    canCompleteJourney,
    notificationsQueue: queue,
    reviewStatus: statuses?.reviewStatus ?? null,
    partnerReviewStatus: partnerStatuses?.reviewStatus ?? null,
    factFindStatus: statuses?.factFindStatus ?? null,
    roboJourneyType: statuses?.roboJourneyType ?? '',
    roboJourneyStatus: statuses?.roboJourneyStatus ?? '',
    consentWorkflowStatus: null,
    feeSummaryOptInStatus: null,
  };
}

/** Fact find awaits while its status is set and not '0' (spec 3 §3.3, §4.3). */
export function factFindAwaiting(status: string | null): boolean {
  return status !== null && status !== '' && status !== '0';
}

/**
 * Whether a journey awaits the client (spec 3 §4.3): a review in progress, a fact find with a
 * status other than '0', a robo journey of the type in progress or declined (declined stays
 * in the panel: the client may still change their mind).
 */
export function isAwaiting(type: NotificationType, s: Pick<JourneyStatuses, 'reviewStatus' | 'factFindStatus' | 'roboJourneyType' | 'roboJourneyStatus'>): boolean {
  switch (type) {
    case 'review':
      return s.reviewStatus === ReviewStatus.InProgress;
    case 'factFind':
      return factFindAwaiting(s.factFindStatus);
    default:
      return s.roboJourneyType === ROBO_JOURNEY_TYPE[type] && (s.roboJourneyStatus === 'in_progress' || s.roboJourneyStatus === 'declined');
  }
}

/** A robo journey counts as active only when enabled or in progress and of the type (spec 3 §4.3). */
export function isRoboJourneyActive(type: NotificationType, s: Pick<JourneyStatuses, 'roboJourneyType' | 'roboJourneyStatus'>): boolean {
  return s.roboJourneyType === ROBO_JOURNEY_TYPE[type] && (s.roboJourneyStatus === 'enabled' || s.roboJourneyStatus === 'in_progress');
}

/** A path without its query, hash, origin and trailing slashes: '/factfind/?a=1' -> '/factfind'. */
export function normalisePath(url: string): string {
  let path = url;
  try {
    path = new URL(url, 'http://portal.invalid').pathname;
  } catch {
    // Not a URL at all: compared as written.
  }
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** Whether the current location is the item's redirect page (spec 3 §2.4, §4.3). */
export function isOnRedirectPage(pathname: string, redirectUrl: string): boolean {
  return redirectUrl !== '' && normalisePath(pathname) === normalisePath(redirectUrl);
}

/**
 * The modal's pages (spec 3 §2.4, §4.3): fact find and review only, fact find first; none that is
 * dismissed or closed, none whose redirect page is the current one; nothing for anyone who cannot
 * complete a journey (an adviser, a client in context).
 */
export function modalItems(state: NotificationState, pathname: string): NotificationItem[] {
  if (!state.canCompleteJourney) return [];
  return MODAL_TYPES.flatMap((type) => state.notificationsQueue.filter((i) => i.type === type)).filter(
    (i) => !i.dismissed && !i.closed && !isOnRedirectPage(pathname, i.redirectUrl),
  );
}

export interface PanelContext {
  pathname: string;
  /** The feature toggle use-ids-notification (spec 3 §4.3, §6): the new notification variant. */
  newNotifications: boolean;
  /** The paths of each journey's own pages (both readings of the routes, spec 3 §2.3). */
  journeyPaths: Record<NotificationType, readonly string[]>;
}

/**
 * The 'Action required' panel's items (spec 3 §4.3): for a client acting for themselves, the
 * journeys that await them, except on the journey's own page and just after a status was set;
 * with the new notification variant only those postponed (dismissed) from the modal.
 */
export function panelItems(state: NotificationState, { pathname, newNotifications, journeyPaths }: PanelContext): NotificationItem[] {
  if (!state.canCompleteJourney || !state.isLoaded || state.hasUpdated) return [];
  return state.notificationsQueue.filter((item) => {
    const ownPages = [item.redirectUrl, ...journeyPaths[item.type]];
    if (ownPages.some((page) => isOnRedirectPage(pathname, page))) return false;
    return !newNotifications || item.dismissed;
  });
}

/** Previous and next in the modal wrap around (spec 3 §2.4). */
export function pageAfter(index: number, count: number, step: 1 | -1): number {
  if (count === 0) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * What the client record must receive for speak to adviser (spec 3 §4.3): a review becomes
 * FollowUpRequired; a fact find '0' with the firm's email template; a robo journey
 * follow_up_requested.
 */
export function speakToAdviserChange(item: Pick<NotificationItem, 'type' | 'emailTemplateId'>) {
  switch (item.type) {
    case 'review':
      return { review: ReviewStatus.FollowUpRequired } as const;
    case 'factFind':
      return { factFind: '0', emailTemplateId: item.emailTemplateId ?? undefined } as const;
    default:
      return { robo: 'follow_up_requested' } as const;
  }
}
