import { useEffect } from 'react';

/** The configuration could not load: nothing else can work, so say so plainly. */
export function StartupError({ onRetry }: { onRetry(): void }) {
  useEffect(() => {
    document.title = 'Service unavailable';
  }, []);
  return (
    <main id="main-content" className="startup-error">
      <div className="page-card" role="alert">
        <h1>Sorry, the portal is unavailable</h1>
        <p>
          We could not load the portal&apos;s settings. Please check your internet connection and try again. If the
          problem persists, contact your adviser&apos;s office.
        </p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    </main>
  );
}
