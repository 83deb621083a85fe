import { isApiError } from '../../shared/http';
import { DEFAULT_ERROR_TEXT, NETWORK_ERROR_TEXT, isInternalMessage } from '../../shared/errors';

/**
 * The inline message for a failed login or code check. The platform's own wording is shown for
 * the expected refusals (wrong password, disabled account, too many attempts, bad code); anything
 * internal falls back to the generic text.
 */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return DEFAULT_ERROR_TEXT;
  if (error.status === 0) return `Network unavailable. ${NETWORK_ERROR_TEXT}`;
  if ([400, 401, 403, 429].includes(error.status)) {
    // bad_otp is a code, not a sentence: its user_message is the readable one.
    if (error.api_message === 'bad_otp' && error.user_message) return error.user_message;
    const message = error.api_message ?? error.user_message;
    if (message && !isInternalMessage(message)) return message;
  }
  return DEFAULT_ERROR_TEXT;
}
