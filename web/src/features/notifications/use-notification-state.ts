import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { featureTogglesQuery } from '../../shared/api/feature-toggles';
import { useJourneyStatuses } from '../../shared/api/journey-statuses';
import { isEnabled } from '../../shared/config/feature-toggles';
import type { SiteSettings } from '../../shared/config/site-config';
import { useSiteConfig } from '../../shared/config/site-config-context';
import { useClientInContext } from '../../shared/session/client-in-context';
import { useSession } from '../../shared/session/session-context';
import { useStore } from '../../shared/state/create-store';
import { notificationsConfig } from './notification-config';
import { readFlags, updatedStore, useFlagsVersion } from './notification-flags';
import { notificationState, type NotificationState, type NotificationType } from './notification-state';

/** The toggle that selects the new notification variant (spec 3 §4.3, §6). */
export const NEW_NOTIFICATIONS_TOGGLE = 'use-ids-notification';

/** The journey pages under both readings of the routes (spec 3 §2.3). */
export function journeyPaths(settings: Pick<SiteSettings, 'clientBaseSegment' | 'clientSegments'>): Record<NotificationType, readonly string[]> {
  return {
    factFind: ['/factfind/', '/core/factfind'],
    review: ['/core/review', `/${settings.clientBaseSegment}/${settings.clientSegments['annual-review']}`],
    automatedPersonalAdvice: ['/apa/', '/core/apa'],
    roboAdvice: ['/core/robo'],
  };
}

export interface NotificationView {
  state: NotificationState;
  /** The client whose journeys these are; null for anyone who cannot complete one. */
  entityId: number | null;
  /** The statuses and the toggles are in (or failed): what shows no longer changes. */
  settled: boolean;
  newNotifications: boolean;
}

/** The notification state of the signed-in client (spec 3 §3.3), with its flags and toggles. */
export function useNotificationState(): NotificationView {
  const site = useSiteConfig();
  const { user } = useSession();
  const inContext = useClientInContext();
  // The notification panel's client id is set only for a ClientUser not viewing a client in context (spec 3 §4.3).
  const canCompleteJourney = user?.role_name === 'ClientUser' && inContext === null;
  const entityId = canCompleteJourney && user ? user.entity_id : null;
  const config = useMemo(() => notificationsConfig(site), [site]);
  const enabled = entityId !== null && config.items.length > 0;
  const statuses = useJourneyStatuses(enabled ? entityId : null);
  const toggles = useQuery({ ...featureTogglesQuery(user?.region ?? ''), enabled: enabled });
  const flagsVersion = useFlagsVersion();
  const updated = useStore(updatedStore);
  const flags = useMemo(
    () => (entityId === null ? { dismissed: new Set<NotificationType>(), closed: new Set<NotificationType>() } : readFlags(entityId)),
    // flagsVersion: the flags are re-read from storage whenever one changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entityId, flagsVersion],
  );
  const state = useMemo(
    () =>
      notificationState({
        // A failed statuses call is no data (spec 3 §8: 'invalid field name: ...' is treated as no data).
        statuses: statuses.data,
        isFetching: statuses.isFetching,
        hasUpdated: entityId !== null && updated === entityId,
        canCompleteJourney,
        items: config.items,
        flags,
      }),
    [statuses.data, statuses.isFetching, entityId, updated, canCompleteJourney, config.items, flags],
  );
  return {
    state,
    entityId,
    settled: !enabled || ((statuses.isSuccess || statuses.isError) && !toggles.isPending),
    newNotifications: isEnabled(toggles.data ?? {}, NEW_NOTIFICATIONS_TOGGLE),
  };
}
