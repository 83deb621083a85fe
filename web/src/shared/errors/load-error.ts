import { isApiError } from '../http/api-error';
import { NETWORK_ERROR_TEXT } from './error-to-toast';

/** What a page says when the data it shows could not be loaded or was not understood. */
export const LOAD_ERROR_TEXT = 'This information could not be loaded. Please try again later. If the problem persists, contact your Financial Adviser.';

/** The page-level message for a failed load: no answer is a network problem; anything else is ours. */
export function loadErrorText(error: unknown): string {
  return isApiError(error) && error.status === 0 ? NETWORK_ERROR_TEXT : LOAD_ERROR_TEXT;
}
