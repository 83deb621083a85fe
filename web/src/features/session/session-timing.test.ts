import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countsAsActivity,
  createSessionTimer,
  createThrottle,
  MINUTE_MS,
  resolveSessionTimes,
  timesFromConfig,
  timesFromTimeout,
} from './session-timing';

describe('session times', () => {
  it('warns 5 minutes before the end above 10 minutes, otherwise 1 minute before', () => {
    expect(timesFromTimeout(20)).toEqual({ endMs: 20 * MINUTE_MS, warningMs: 15 * MINUTE_MS });
    expect(timesFromTimeout(11)).toEqual({ endMs: 11 * MINUTE_MS, warningMs: 6 * MINUTE_MS });
    expect(timesFromTimeout(10)).toEqual({ endMs: 10 * MINUTE_MS, warningMs: 9 * MINUTE_MS });
    expect(timesFromTimeout(2)).toEqual({ endMs: 2 * MINUTE_MS, warningMs: 1 * MINUTE_MS });
    expect(timesFromTimeout(0.5).warningMs).toBe(0);
  });

  it('falls back to the configured times without a usable profile', () => {
    const config = { end: 30, warning: 25 };
    expect(resolveSessionTimes(null, config)).toEqual({ endMs: 30 * MINUTE_MS, warningMs: 25 * MINUTE_MS });
    expect(resolveSessionTimes(0, config)).toEqual(timesFromConfig(config));
    expect(resolveSessionTimes(Number.NaN, config)).toEqual(timesFromConfig(config));
    expect(resolveSessionTimes(20, config)).toEqual(timesFromTimeout(20));
    expect(timesFromConfig({ end: 5, warning: 9 })).toEqual({ endMs: 5 * MINUTE_MS, warningMs: 5 * MINUTE_MS });
  });
});

describe('throttle and activity', () => {
  it('lets one call through per interval', () => {
    let time = 0;
    const allow = createThrottle(1000, () => time);
    expect(allow()).toBe(true);
    time = 999;
    expect(allow()).toBe(false);
    time = 1000;
    expect(allow()).toBe(true);
    time = 1500;
    expect(allow()).toBe(false);
  });

  it('ignores clicks inside elements marked data-no-heartbeat', () => {
    document.body.innerHTML = '<div data-no-heartbeat><button id="a">x</button></div><button id="b">y</button>';
    expect(countsAsActivity(document.getElementById('a'))).toBe(false);
    expect(countsAsActivity(document.getElementById('b'))).toBe(true);
    expect(countsAsActivity(null)).toBe(true);
    document.body.innerHTML = '';
  });
});

describe('session timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const times = { warningMs: 15 * MINUTE_MS, endMs: 20 * MINUTE_MS };

  it('warns, then ends', () => {
    const onWarning = vi.fn();
    const onEnd = vi.fn();
    const timer = createSessionTimer({ times, onWarning, onEnd });
    vi.advanceTimersByTime(15 * MINUTE_MS - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * MINUTE_MS - 1);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(timer.ended).toBe(true);
    vi.advanceTimersByTime(60 * MINUTE_MS);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('starts again from each activity, also after the warning', () => {
    const onWarning = vi.fn();
    const onEnd = vi.fn();
    const timer = createSessionTimer({ times, onWarning, onEnd });
    vi.advanceTimersByTime(10 * MINUTE_MS);
    timer.reset();
    vi.advanceTimersByTime(14 * MINUTE_MS);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE_MS);
    expect(onWarning).toHaveBeenCalledTimes(1);
    timer.reset();
    vi.advanceTimersByTime(19 * MINUTE_MS);
    expect(onEnd).not.toHaveBeenCalled();
    expect(onWarning).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(MINUTE_MS);
    expect(onEnd).toHaveBeenCalledTimes(1);
    timer.reset();
    vi.advanceTimersByTime(60 * MINUTE_MS);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('applies new times from the last activity', () => {
    const onWarning = vi.fn();
    const onEnd = vi.fn();
    const timer = createSessionTimer({ times, onWarning, onEnd });
    vi.advanceTimersByTime(4 * MINUTE_MS);
    timer.setTimes(timesFromTimeout(5)); // warning at 4 min, end at 5 min: the warning is due now
    expect(onWarning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(MINUTE_MS);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('ends at once on resync when the clock has passed the end (a delayed background tab)', () => {
    let clock = 0;
    const onEnd = vi.fn();
    const timer = createSessionTimer({ times, onWarning: vi.fn(), onEnd, now: () => clock });
    clock = 25 * MINUTE_MS; // the timers did not run while the tab slept
    timer.resync();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('does nothing after stop', () => {
    const onEnd = vi.fn();
    const timer = createSessionTimer({ times, onWarning: vi.fn(), onEnd });
    timer.stop();
    vi.advanceTimersByTime(60 * MINUTE_MS);
    expect(onEnd).not.toHaveBeenCalled();
  });
});
