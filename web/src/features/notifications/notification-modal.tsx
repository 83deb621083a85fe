import { useEffect, useRef } from 'react';
import { IonContent, IonModal, IonTitle, IonToolbar } from '../../shared/ui/ion-modal-elements';
import type { Confirmation } from './notification-host';
import type { NotificationItem } from './notification-state';
import './notifications.css';

interface Props {
  isOpen: boolean;
  /** The page shown; null while the confirmation is. */
  item: NotificationItem | null;
  confirmation: Confirmation | null;
  position: { index: number; count: number };
  busy: boolean;
  /** Why the last status change failed. */
  error: string | null;
  onPrevious(): void;
  onNext(): void;
  onConfirm(item: NotificationItem): void;
  onSpeakToAdviser(item: NotificationItem): void;
  onFinish(): void;
  onClose(): void;
}

/** Texts of the modal's own controls (the spec names none). */
export const MODAL_TEXTS = {
  /** The dialog's name: Ionic copies aria-label into its dialog once, so it cannot follow the pages; each page has its heading. */
  label: 'Action required',
  close: 'Close',
  previous: 'Previous',
  next: 'Next',
  finish: 'Finish',
  position: (index: number, count: number) => `${index + 1} of ${count}`,
} as const;

/**
 * The notification modal's screen (spec 3 §2.4): Ionic's modal traps the focus and closes on
 * Escape; each page's heading is the journey's.
 */
export default function NotificationModal({ isOpen, item, confirmation, position, busy, error, onPrevious, onNext, onConfirm, onSpeakToAdviser, onFinish, onClose }: Props) {
  const title = confirmation?.header ?? item?.header ?? '';
  const modal = useRef<HTMLIonModalElement>(null);
  // While open, Ionic moves the modal into ion-app (its "teleport") and puts it back once closed.
  // The page may go while it is open (the journey's page is another shell, a logout, a session
  // end): React then removes only the wrapper below, which stayed in place, and the modal goes
  // here, with the page-scroll lock Ionic put on the body for it.
  useEffect(() => {
    const element = modal.current;
    return () => {
      if (!element?.isConnected) return;
      element.remove();
      if (!document.querySelector('ion-modal:not(.overlay-hidden)')) document.body.classList.remove('backdrop-no-scroll');
    };
  }, []);
  return (
    <div className="notification-modal-anchor">
      <IonModal ref={modal} isOpen={isOpen} onModalDidDismiss={onClose} aria-label={MODAL_TEXTS.label} className="notification-modal">
        <div className="ion-page">
          {/* Not ion-header: it is a banner landmark, and the page already has one. */}
          <div className="notification-modal__bar">
            <IonToolbar>
              <IonTitle>
                <h2 className="notification-modal__title">{title}</h2>
              </IonTitle>
              <button type="button" slot="end" className="link-button notification-modal__close" onClick={onClose}>
                {MODAL_TEXTS.close}
              </button>
            </IonToolbar>
          </div>
          <IonContent>
            <div className="notification-modal__body">
              {confirmation ? (
                <>
                  <p className="notification-modal__message" role="status">
                    {confirmation.text}
                  </p>
                  <div className="notification-modal__actions">
                    <button type="button" className="button" onClick={onFinish}>
                      {MODAL_TEXTS.finish}
                    </button>
                  </div>
                </>
              ) : (
                item && (
                  <>
                    <p className="notification-modal__message">{item.message}</p>
                    {error && (
                      <p className="notification-modal__error" role="alert">
                        {error}
                      </p>
                    )}
                    <div className="notification-modal__actions">
                      <button type="button" className="button" disabled={busy} onClick={() => onConfirm(item)}>
                        {item.actionButtonText}
                      </button>
                      <button type="button" className="button button--secondary" disabled={busy} onClick={() => onSpeakToAdviser(item)}>
                        {item.speakToAdviserButtonText}
                      </button>
                    </div>
                    {position.count > 1 && (
                      <nav className="notification-modal__paging" aria-label="Notification pages">
                        <button type="button" className="link-button" onClick={onPrevious}>
                          <span aria-hidden="true">‹ </span>
                          {MODAL_TEXTS.previous}
                        </button>
                        <span aria-live="polite">{MODAL_TEXTS.position(position.index, position.count)}</span>
                        <button type="button" className="link-button" onClick={onNext}>
                          {MODAL_TEXTS.next}
                          <span aria-hidden="true"> ›</span>
                        </button>
                      </nav>
                    )}
                  </>
                )
              )}
            </div>
          </IonContent>
        </div>
      </IonModal>
    </div>
  );
}
