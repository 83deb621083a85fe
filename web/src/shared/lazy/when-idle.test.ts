import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stepsWhenIdle, whenIdle } from './when-idle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs in an idle callback where the browser has one', () => {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => callbacks.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    callbacks[0]!();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs on a timer without one, and not at all once cancelled', () => {
    const run = vi.fn();
    whenIdle(run)();
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    whenIdle(run);
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('stepsWhenIdle', () => {
  it('runs one step per idle period, in order, past a step that throws', () => {
    const done: string[] = [];
    stepsWhenIdle([
      () => done.push('a'),
      () => {
        throw new Error('no locale data');
      },
      () => done.push('c'),
    ]);
    expect(done).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(done).toEqual(['a']);
    // The throwing step is passed over quietly (no uncaught error for the app's error handler).
    expect(() => vi.advanceTimersToNextTimer()).not.toThrow();
    vi.advanceTimersToNextTimer();
    expect(done).toEqual(['a', 'c']);
  });

  it('stops at cancel', () => {
    const done: string[] = [];
    const cancel = stepsWhenIdle([() => done.push('a'), () => done.push('b')]);
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(done).toEqual(['a']);
  });
});
