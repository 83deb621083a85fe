import { loadErrorText } from '../errors/load-error';
import { Notice } from './field';

/** The page-level error state of a query: a message in the page (and Try again), never a crash. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?(): void }) {
  return (
    <Notice kind="error">
      <p>{loadErrorText(error)}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </Notice>
  );
}
