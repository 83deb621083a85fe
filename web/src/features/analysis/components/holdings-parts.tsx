import { isApiError } from '../../../shared/http';
import { LOAD_ERROR_TEXT } from '../../../shared/errors';
import '../tabs/holdings-tabs.css';

/**
 * Spec 2 §8: allocation and investment errors show the server's message in a warning panel
 * (its user_message, else its api_message); without one, the portal's load-error text.
 */
export function serverMessage(error: unknown): string {
  if (isApiError(error)) return error.user_message || error.api_message || LOAD_ERROR_TEXT;
  return LOAD_ERROR_TEXT;
}

export function HoldingsWarning({ error }: { error: unknown }) {
  return (
    <div className="holdings-warning" role="alert">
      <p>{serverMessage(error)}</p>
    </div>
  );
}

/** Rows of the final table's height while the positions load (no jump when they arrive). */
export function HoldingsSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div className="holdings-skeleton" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="holdings-skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}
