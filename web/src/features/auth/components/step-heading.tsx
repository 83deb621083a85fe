import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The h1 of a login view that replaces another in place: it takes focus when it appears, so
 * keyboard and screen-reader users land at the start of the new view.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} className="login__heading" tabIndex={-1}>
      {children}
    </h1>
  );
}

/** "Return to login" in the login views: a button, since it changes the view rather than the page. */
export function ReturnToLogin({ onReturn }: { onReturn(): void }) {
  return (
    <p className="login__help">
      <button type="button" className="link-button" onClick={onReturn}>
        Return to login
      </button>
    </p>
  );
}
