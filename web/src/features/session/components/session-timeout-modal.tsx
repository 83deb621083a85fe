import { useRef } from 'react';
import { Dialog } from '../../../shared/ui/dialog';

export const SESSION_ENDING_TITLE = 'Session nearly ending';
export const SESSION_ENDING_TEXT = 'You are about to be logged out due to inactivity';

/**
 * "Session nearly ending" (spec 1 §2): an alert dialog over the blurred page. Stay logged in (or
 * Escape) keeps the session; its clicks are not counted twice (data-no-heartbeat).
 */
export function SessionTimeoutModal({ onStay }: { onStay(): void }) {
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      title={SESSION_ENDING_TITLE}
      description={<p>{SESSION_ENDING_TEXT}</p>}
      initialFocusRef={stayRef}
      onEscape={onStay}
      blurBackground
    >
      <div className="dialog__actions" data-no-heartbeat="">
        <button ref={stayRef} type="button" className="button" onClick={onStay}>
          Stay logged in
        </button>
      </div>
    </Dialog>
  );
}
