import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isApiError } from '../../shared/http';
import { LOST_SESSION_MESSAGES } from '../../shared/errors';
import { sendHeartbeat } from './api/heartbeat';
import { useSessionTimeoutMinutes } from './api/login-profile';
import {
  countsAsActivity,
  createSessionTimer,
  createThrottle,
  HEARTBEAT_THROTTLE_MS,
  resolveSessionTimes,
  type SessionTimer,
} from './session-timing';

interface Options {
  /** The user's login profile (SessionUser.login_profile_id, default 1). */
  profileId: number;
  /** settings.sessionTimeout, used until (or unless) the profile gives a timeout. */
  configured: { end: number; warning: number };
  /** The server says the session is gone (heartbeat answered 401). */
  onLost(): void;
  /** The end time passed without activity. */
  onExpired(): void;
}

/** A heartbeat failure that means the session has gone; no answer at all (offline) does not. */
export function isLostSession(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 401) return true;
  return error.status === 403 && LOST_SESSION_MESSAGES.includes(error.api_message ?? '');
}

/**
 * The session timer of spec 1 §4: starts when the shell mounts; a click (throttled to 1 s, not on
 * data-no-heartbeat elements) or Stay logged in resets it, sends a heartbeat and hides the modal;
 * a hidden tab becoming visible sends a heartbeat. Returns whether the warning modal is due.
 */
export function useSessionTimeout({ profileId, configured, onLost, onExpired }: Options) {
  const [warning, setWarning] = useState(false);
  const timerRef = useRef<SessionTimer | null>(null);
  const resumeRef = useRef<() => void>(() => undefined);
  const callbacks = useRef({ onLost, onExpired });
  // The latest callbacks, without restarting the timer when the caller passes new ones.
  useLayoutEffect(() => {
    callbacks.current = { onLost, onExpired };
  });
  const { end, warning: warningMinutes } = configured;

  const heartbeat = useCallback(() => {
    sendHeartbeat().catch((error: unknown) => {
      if (isLostSession(error) && !timerRef.current?.ended) {
        timerRef.current?.stop();
        callbacks.current.onLost();
      }
    });
  }, []);

  const stayLoggedIn = useCallback(() => {
    if (timerRef.current?.ended) return;
    timerRef.current?.reset();
    setWarning(false);
    heartbeat();
  }, [heartbeat]);

  useEffect(() => {
    const timer = createSessionTimer({
      times: resolveSessionTimes(null, { end, warning: warningMinutes }),
      onWarning: () => setWarning(true),
      onEnd: () => {
        setWarning(false);
        callbacks.current.onExpired();
      },
    });
    timerRef.current = timer;

    const allow = createThrottle(HEARTBEAT_THROTTLE_MS);
    const onClick = (event: MouseEvent) => {
      if (timer.ended || !countsAsActivity(event.target) || !allow()) return;
      timer.reset();
      setWarning(false);
      heartbeat();
    };
    const resumed = () => {
      timer.resync();
      if (!timer.ended) heartbeat();
    };
    resumeRef.current = resumed;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') resumed();
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      timer.stop();
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [profileId, end, warningMinutes, heartbeat]);

  // The login profile's timeout, once known, replaces the configured times (after the timer above
  // is created: effects run in order).
  const profileMinutes = useSessionTimeoutMinutes(profileId);
  useEffect(() => {
    if (profileMinutes !== null) timerRef.current?.setTimes(resolveSessionTimes(profileMinutes, { end, warning: warningMinutes }));
  }, [profileMinutes, profileId, end, warningMinutes]);

  // The app coming back to the foreground (the native shell's resume event) counts like a
  // hidden tab becoming visible: the deadlines are checked and a heartbeat sent (spec 1 §4).
  const resume = useCallback(() => resumeRef.current(), []);
  return { warning, stayLoggedIn, resume };
}
