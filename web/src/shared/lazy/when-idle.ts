import { useEffect, useState } from 'react';

/**
 * Runs `run` when the browser is next idle (requestIdleCallback; at the latest after
 * `timeoutMs`), or on a zero-delay timer where there is no idle callback (Safari). Work that no
 * screen is waiting for goes here, in a task of its own, so it neither lengthens the tasks that
 * render a screen nor delays them (issue 13: a phone's total blocking time). Returns a function
 * that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 0);
  return () => window.clearTimeout(id);
}

/**
 * Runs each step in an idle period of its own (whenIdle), in order. The steps are preparation
 * nobody waits for: one that throws is passed over quietly (the work it prepared reports its own
 * failure when it is really done) and the others still run. Returns a function that cancels the
 * steps not yet run.
 */
export function stepsWhenIdle(steps: readonly (() => void)[], timeoutMs = 2000): () => void {
  let cancel: () => void = () => undefined;
  const next = (index: number) => {
    if (index >= steps.length) return;
    cancel = whenIdle(() => {
      try {
        steps[index]!();
      } catch {
        // Passed over: see above.
      }
      next(index + 1);
    }, timeoutMs);
  };
  next(0);
  return () => cancel();
}

/** False until the browser has been idle once since the component mounted (whenIdle). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
