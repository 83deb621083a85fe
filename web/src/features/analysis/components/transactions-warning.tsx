import type { ReactNode } from 'react';
import { isApiError } from '../../../shared/http';
import { loadErrorText } from '../../../shared/errors/load-error';

/** The server's own words for a failed call when it gave some (spec 2 §8), else the page's text. */
export function serverMessage(error: unknown): string {
  if (isApiError(error)) return error.user_message ?? error.api_message ?? loadErrorText(error);
  return loadErrorText(error);
}

/** A warning panel (spec 2 §8: "the server's message in a warning panel"). */
export function TransactionsWarning({ title, children, alert = false }: { title?: string; children: ReactNode; alert?: boolean }) {
  return (
    <div className="transactions-warning" role={alert ? 'alert' : 'status'}>
      {title && <p className="transactions-warning__title">{title}</p>}
      {typeof children === 'string' ? <p>{children}</p> : children}
    </div>
  );
}
