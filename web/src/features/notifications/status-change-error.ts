import { DEFAULT_ERROR_TEXT, describeError, ensureFullStop } from '../../shared/errors';
import { isApiError } from '../../shared/http';

/**
 * What a failed status change says, beside the button that made it (the shared call reports no
 * failure itself): the portal's user_message when it gives one ("The review is no longer in
 * progress"), else the spec's toast text for the error (spec 3 §8), with its request to try again.
 */
export function statusChangeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.user_message?.trim()) return `${ensureFullStop(error.user_message.trim())} ${DEFAULT_ERROR_TEXT}`;
    const outcome = describeError(error);
    if (outcome.kind === 'toast') return outcome.message;
  }
  return DEFAULT_ERROR_TEXT;
}
