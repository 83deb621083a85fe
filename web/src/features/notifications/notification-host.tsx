import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSetJourneyStatus } from '../../shared/api/journey-statuses';
import { lazyChunk } from '../../shared/lazy/lazy-chunk';
import { closeForSession, dismiss, updatedStore } from './notification-flags';
import { modalItems, pageAfter, speakToAdviserChange, type NotificationItem } from './notification-state';
import { statusChangeError } from './status-change-error';
import { useNotificationState } from './use-notification-state';

// The modal (ion-modal and its overlay code) loads only when there is something to show.
const NotificationModal = lazyChunk(() => import('./notification-modal'));

/** What the modal shows after speak to adviser: the item's confirmation, then Finish. */
export interface Confirmation {
  header: string;
  text: string;
}

/**
 * The notification modal (spec 3 §2.4, §4.3) for a client acting for themselves: fact find, then
 * review, paged with previous and next that wrap; the confirm button goes to the journey, speak to
 * adviser sets the status and confirms, close postpones every journey shown (they move to the
 * 'Action required' panel). Rendered by the signed-in shell, on every page.
 */
export function NotificationHost() {
  const { state, entityId } = useNotificationState();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const setStatus = useSetJourneyStatus(entityId);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const items = modalItems(state, pathname);
  const open = items.length > 0 || confirmation !== null;
  // Once opened, the modal stays mounted and closes through isOpen, so Ionic ends its overlay
  // (focus trap, backdrop) itself.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  if (entityId === null || !opened) return null;
  const index = Math.min(page, Math.max(items.length - 1, 0));
  const current = items[index] ?? null;

  const postponeAll = () => {
    // Also called by Ionic once the modal has closed itself (Escape, the backdrop): by then a
    // closing action has already emptied the list.
    setConfirmation(null);
    setError(null);
    if (items.length > 0) dismiss(entityId, items.map((i) => i.type));
  };
  const goToJourney = (item: NotificationItem) => {
    closeForSession(entityId, items.map((i) => i.type));
    if (/^https?:\/\//.test(item.redirectUrl)) window.location.assign(item.redirectUrl);
    else navigate(item.redirectUrl);
  };
  const speakToAdviser = async (item: NotificationItem) => {
    setError(null);
    try {
      await setStatus.mutateAsync(speakToAdviserChange(item));
    } catch (failure) {
      // Said in the modal; the journey stays on offer.
      setError(statusChangeError(failure));
      return;
    }
    updatedStore.set(entityId);
    // A review is also dismissed (spec 3 §4.3); a fact find no longer awaits at all.
    if (item.type === 'review') dismiss(entityId, ['review']);
    setConfirmation({ header: item.header, text: item.speakToAdviserConfirmationText });
    setPage(0);
  };

  return (
    <Suspense fallback={null}>
      <NotificationModal
        isOpen={open}
        item={confirmation ? null : current}
        confirmation={confirmation}
        position={{ index, count: items.length }}
        busy={setStatus.isPending}
        error={error}
        onPrevious={() => {
          setError(null);
          setPage(pageAfter(index, items.length, -1));
        }}
        onNext={() => {
          setError(null);
          setPage(pageAfter(index, items.length, 1));
        }}
        onConfirm={goToJourney}
        onSpeakToAdviser={(item) => void speakToAdviser(item)}
        onFinish={() => setConfirmation(null)}
        onClose={postponeAll}
      />
    </Suspense>
  );
}
