import { describe, expect, it } from 'vitest';
import type { JourneyStatuses } from '../../shared/api/journey-statuses';
import { testConfig } from '../../test/render-with-providers';
import { notificationsConfig } from './notification-config';
import {
  isAwaiting,
  isOnRedirectPage,
  isRoboJourneyActive,
  modalItems,
  notificationState,
  pageAfter,
  panelItems,
  speakToAdviserChange,
  type NotificationType,
  type StateInputs,
} from './notification-state';
import { journeyPaths } from './use-notification-state';

const items = notificationsConfig(testConfig).items;
const paths = journeyPaths(testConfig.settings);

const eleanor: JourneyStatuses = { id: 1001, partnerEntityId: 1002, reviewStatus: 2, factFindStatus: '1', roboJourneyType: '', roboJourneyStatus: '' };

function state(overrides: Partial<StateInputs> = {}, dismissed: NotificationType[] = [], closed: NotificationType[] = []) {
  return notificationState({
    statuses: eleanor,
    isFetching: false,
    hasUpdated: false,
    canCompleteJourney: true,
    items,
    flags: { dismissed: new Set(dismissed), closed: new Set(closed) },
    ...overrides,
  });
}

const types = (list: { type: NotificationType }[]) => list.map((i) => i.type);

describe('the notification state (spec 3 §3.3)', () => {
  it('is built from the statuses call and the firm items, in the panel order', () => {
    const s = state({ partnerStatuses: { ...eleanor, id: 1002, reviewStatus: 5 } });
    expect(s).toMatchObject({ isLoaded: true, isFetching: false, hasUpdated: false, canCompleteJourney: true, reviewStatus: 2, partnerReviewStatus: 5, factFindStatus: '1' });
    expect(types(s.notificationsQueue)).toEqual(['factFind', 'review']);
    expect(s.consentWorkflowStatus).toBeNull();
  });

  it('is not loaded and empty before the statuses arrive', () => {
    const s = state({ statuses: undefined });
    expect(s.isLoaded).toBe(false);
    expect(s.notificationsQueue).toEqual([]);
  });

  it('carries the stored flags on the items', () => {
    const s = state({}, ['review'], ['factFind']);
    expect(s.notificationsQueue.map((i) => [i.type, i.dismissed, i.closed])).toEqual([
      ['factFind', false, true],
      ['review', true, false],
    ]);
  });

  it('leaves out a type the firm does not configure (the notification type toggle)', () => {
    const s = state({ items: items.filter((i) => i.type !== 'factFind') });
    expect(types(s.notificationsQueue)).toEqual(['review']);
  });
});

describe('awaiting (spec 3 §4.3)', () => {
  const none = { reviewStatus: 1, factFindStatus: '0', roboJourneyType: '', roboJourneyStatus: '' } as const;
  it.each([
    ['review', { reviewStatus: 2 }, true],
    ['review', { reviewStatus: 3 }, false],
    ['review', { reviewStatus: 4 }, false],
    ['factFind', { factFindStatus: '1' }, true],
    ['factFind', { factFindStatus: '2' }, true],
    ['factFind', { factFindStatus: '0' }, false],
    ['factFind', { factFindStatus: '' }, false],
    ['automatedPersonalAdvice', { roboJourneyType: 'investment', roboJourneyStatus: 'in_progress' }, true],
    ['automatedPersonalAdvice', { roboJourneyType: 'investment', roboJourneyStatus: 'declined' }, true],
    ['automatedPersonalAdvice', { roboJourneyType: 'investment', roboJourneyStatus: 'enabled' }, false],
    ['automatedPersonalAdvice', { roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'in_progress' }, false],
    ['roboAdvice', { roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'declined' }, true],
    ['roboAdvice', { roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'follow_up_requested' }, false],
  ] as const)('%s with %o: %s', (type, statuses, expected) => {
    expect(isAwaiting(type, { ...none, ...statuses })).toBe(expected);
  });

  it('a robo journey is active only when enabled or in progress and of the type', () => {
    expect(isRoboJourneyActive('roboAdvice', { roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'enabled' })).toBe(true);
    expect(isRoboJourneyActive('roboAdvice', { roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'in_progress' })).toBe(true);
    expect(isRoboJourneyActive('roboAdvice', { roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'declined' })).toBe(false);
    expect(isRoboJourneyActive('roboAdvice', { roboJourneyType: 'investment', roboJourneyStatus: 'enabled' })).toBe(false);
  });
});

describe('the modal (spec 3 §2.4)', () => {
  it('shows fact find first, then review, and never a robo journey', () => {
    const s = state({ statuses: { ...eleanor, roboJourneyType: 'investment', roboJourneyStatus: 'in_progress' } });
    expect(types(s.notificationsQueue)).toEqual(['factFind', 'review', 'automatedPersonalAdvice']);
    expect(types(modalItems(s, '/clients/home'))).toEqual(['factFind', 'review']);
  });

  it('hides what is dismissed or closed', () => {
    expect(types(modalItems(state({}, ['factFind']), '/clients/home'))).toEqual(['review']);
    expect(types(modalItems(state({}, [], ['review']), '/clients/home'))).toEqual(['factFind']);
    expect(modalItems(state({}, ['factFind'], ['review']), '/clients/home')).toEqual([]);
  });

  it('hides a notification on its own redirect page', () => {
    expect(types(modalItems(state(), '/factfind/'))).toEqual(['review']);
    expect(types(modalItems(state(), '/factfind'))).toEqual(['review']);
    expect(types(modalItems(state(), '/core/review/'))).toEqual(['factFind']);
  });

  it('shows nothing to someone who cannot complete a journey (an adviser, a client in context)', () => {
    expect(modalItems(state({ canCompleteJourney: false }), '/clients/home')).toEqual([]);
  });

  it('pages wrap: next after the last is the first, previous before the first is the last', () => {
    expect(pageAfter(0, 2, 1)).toBe(1);
    expect(pageAfter(1, 2, 1)).toBe(0);
    expect(pageAfter(0, 2, -1)).toBe(1);
    expect(pageAfter(0, 1, 1)).toBe(0);
    expect(pageAfter(0, 0, -1)).toBe(0);
  });

  it('matches the redirect URL by path, whatever the query, origin or trailing slash', () => {
    expect(isOnRedirectPage('/factfind', '/factfind/?from=home')).toBe(true);
    expect(isOnRedirectPage('/FactFind/', 'https://portal.example/factfind')).toBe(true);
    expect(isOnRedirectPage('/factfind/more', '/factfind/')).toBe(false);
    expect(isOnRedirectPage('/', '')).toBe(false);
  });
});

describe("the 'Action required' panel (spec 3 §4.3)", () => {
  const home = { pathname: '/clients/home', newNotifications: false, journeyPaths: paths };

  it('lists every awaiting journey in the legacy variant, dismissed or not', () => {
    const s = state({ statuses: { ...eleanor, roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'declined' } });
    expect(types(panelItems(s, home))).toEqual(['factFind', 'review', 'roboAdvice']);
  });

  it('lists only the dismissed ones with the new notification variant (use-ids-notification)', () => {
    expect(types(panelItems(state({}, ['review']), { ...home, newNotifications: true }))).toEqual(['review']);
    expect(panelItems(state(), { ...home, newNotifications: true })).toEqual([]);
  });

  it("leaves a journey out on its own page, under both readings of the routes", () => {
    expect(types(panelItems(state(), { ...home, pathname: '/factfind/' }))).toEqual(['review']);
    expect(types(panelItems(state(), { ...home, pathname: '/core/factfind' }))).toEqual(['review']);
    expect(types(panelItems(state(), { ...home, pathname: '/clients/annual-review' }))).toEqual(['factFind']);
  });

  it('is empty just after a status was set, for an adviser, and before the statuses are in', () => {
    expect(panelItems(state({ hasUpdated: true }), home)).toEqual([]);
    expect(panelItems(state({ canCompleteJourney: false }), home)).toEqual([]);
    expect(panelItems(state({ statuses: undefined }), home)).toEqual([]);
  });
});

describe('speak to adviser (spec 3 §4.3)', () => {
  it('sets FollowUpRequired on a review, 0 with the email template on a fact find, follow_up_requested on a robo journey', () => {
    expect(speakToAdviserChange({ type: 'review', emailTemplateId: null })).toEqual({ review: 3 });
    expect(speakToAdviserChange({ type: 'factFind', emailTemplateId: 41 })).toEqual({ factFind: '0', emailTemplateId: 41 });
    expect(speakToAdviserChange({ type: 'roboAdvice', emailTemplateId: null })).toEqual({ robo: 'follow_up_requested' });
  });
});
