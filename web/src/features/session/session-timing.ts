/**
 * Session-timeout timing of spec 1 §4 and §9, as plain functions and a small timer object, so the
 * rules can be tested with fake timers.
 */

export const MINUTE_MS = 60_000;
/** A click resets the timers at most once a second (spec 1 §9). */
export const HEARTBEAT_THROTTLE_MS = 1000;
/** Default login profile (spec 1 §4). */
export const DEFAULT_LOGIN_PROFILE_ID = 1;

export interface SessionTimes {
  /** Inactivity before the "Session nearly ending" modal. */
  warningMs: number;
  /** Inactivity before the user is logged out. */
  endMs: number;
}

/**
 * From the login profile's inactive_session_timeout_client (minutes): the warning comes 5 minutes
 * before the end when the timeout exceeds 10 minutes, otherwise 1 minute before.
 */
export function timesFromTimeout(minutes: number): SessionTimes {
  const endMs = minutes * MINUTE_MS;
  const lead = minutes > 10 ? 5 : 1;
  return { endMs, warningMs: Math.max(0, endMs - lead * MINUTE_MS) };
}

/** The configured times (minutes: settings.sessionTimeout {end, warning}), kept in order. */
export function timesFromConfig(config: { end: number; warning: number }): SessionTimes {
  const endMs = Math.max(0, config.end) * MINUTE_MS;
  return { endMs, warningMs: Math.min(endMs, Math.max(0, config.warning) * MINUTE_MS) };
}

/** The profile's timeout when it is a usable number of minutes, otherwise the configured times. */
export function resolveSessionTimes(profileMinutes: number | null | undefined, config: { end: number; warning: number }): SessionTimes {
  if (typeof profileMinutes === 'number' && Number.isFinite(profileMinutes) && profileMinutes > 0) {
    return timesFromTimeout(profileMinutes);
  }
  return timesFromConfig(config);
}

/** True at most once per interval: the first call passes, calls within the interval do not. */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}

/** Clicks on elements marked data-no-heartbeat (or inside one) do not count as activity. */
export function countsAsActivity(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  return target.closest('[data-no-heartbeat]') === null;
}

export interface SessionTimerOptions {
  times: SessionTimes;
  onWarning(): void;
  onEnd(): void;
  now?: () => number;
}

export interface SessionTimer {
  /** Activity: both deadlines start again from now. */
  reset(): void;
  /** New times (the login profile arrived); the deadlines keep counting from the last activity. */
  setTimes(times: SessionTimes): void;
  /**
   * Re-checks the deadlines against the clock: timers of hidden tabs may be delayed, so on return
   * the end (or the warning) is applied at once if it has passed.
   */
  resync(): void;
  stop(): void;
  /** Whether the end has been reached (then nothing else happens). */
  readonly ended: boolean;
}

/** The warning and end timers, measured from the last activity. Starts at once. */
export function createSessionTimer({ times, onWarning, onEnd, now = Date.now }: SessionTimerOptions): SessionTimer {
  let current = times;
  let lastActivity = now();
  let warned = false;
  let ended = false;
  let warningTimer: ReturnType<typeof setTimeout> | undefined;
  let endTimer: ReturnType<typeof setTimeout> | undefined;

  const clear = () => {
    clearTimeout(warningTimer);
    clearTimeout(endTimer);
  };

  const end = () => {
    if (ended) return;
    ended = true;
    clear();
    onEnd();
  };

  const warn = () => {
    if (warned || ended) return;
    warned = true;
    onWarning();
  };

  const schedule = () => {
    clear();
    if (ended) return;
    const elapsed = now() - lastActivity;
    if (elapsed >= current.endMs) {
      end();
      return;
    }
    if (elapsed >= current.warningMs) warn();
    else warningTimer = setTimeout(warn, current.warningMs - elapsed);
    endTimer = setTimeout(end, current.endMs - elapsed);
  };

  schedule();
  return {
    reset() {
      if (ended) return;
      lastActivity = now();
      warned = false;
      schedule();
    },
    setTimes(next) {
      current = next;
      schedule();
    },
    resync: schedule,
    stop() {
      ended = true;
      clear();
    },
    get ended() {
      return ended;
    },
  };
}
