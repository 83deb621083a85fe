/** Shown while the configuration, the session or a lazy page loads. */
export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <main id="main-content" className="loading-screen">
      <div className="loading-screen__inner" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <p>{label}…</p>
      </div>
    </main>
  );
}

/** A loading state inside a page that already has its own <main>. */
export function InlineLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="inline-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}
