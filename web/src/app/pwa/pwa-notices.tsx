import { useEffect, useState } from 'react';
import { useWaitingUpdate } from './service-worker';

export const UPDATE_TEXT = 'A new version of the portal is available.';
export const OFFLINE_TEXT = 'You are offline. What you see may not be up to date, and nothing can be sent until you reconnect.';

/** Whether the browser has a network connection, following online and offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** The offline notice and the update prompt of the installed app (PWA). */
export function PwaNotices() {
  const online = useOnline();
  const update = useWaitingUpdate();
  if (online && !update) return null;
  return (
    <div className="pwa-notices">
      {!online && (
        <p className="pwa-notice" role="status">
          {OFFLINE_TEXT}
        </p>
      )}
      {update && (
        <div className="pwa-notice" role="status">
          <p>{UPDATE_TEXT}</p>
          <button type="button" className="button" onClick={() => update.apply()}>
            Reload to update
          </button>
        </div>
      )}
    </div>
  );
}
