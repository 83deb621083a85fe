import { useEffect } from 'react';

/**
 * The leave-page warning while a message is being sent (spec 3 §4.1): the browser's own prompt
 * on closing, reloading or typing another address, and a confirmation before following a link
 * of the app (the app's BrowserRouter has no blocker API, so links are caught as they are
 * clicked, before the router sees them).
 */
export function useLeaveWarning(active: boolean, text: string): void {
  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = text;
    };
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || window.confirm(text)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, text]);
}
