/**
 * The global error rules of spec 1 §8, as a pure function: an error either becomes a toast
 * ({title, message}) or a redirect to the login page with the LostSession flag.
 */

export const DEFAULT_ERROR_TITLE = 'An error has occurred';
export const DEFAULT_ERROR_TEXT = 'Please try again. If the problem persists, contact your Financial Adviser.';
export const NETWORK_ERROR_TITLE = 'Network unavailable';
export const NETWORK_ERROR_TEXT = 'Please check you are connected to the internet and try again.';
export const LOST_SESSION_PATH = '/login?error=LostSession';

export const LOST_SESSION_MESSAGES: readonly string[] = [
  'This feature is not available without a valid session',
  'Either existing session or username required',
];

/** Statuses whose api_message may be shown to the user. */
export const HANDLED_STATUSES: readonly number[] = [400, 401, 403, 404, 422, 500];

const NETWORK_MESSAGES = ['ajax timeout', 'ajax error 0'];
const PERMISSION_PREFIX = 'Permission Error: ';

export interface ErrorLike {
  status: number;
  message?: string;
  api_message?: string;
}

export type ErrorOutcome =
  | { kind: 'redirect'; to: string }
  | { kind: 'toast'; title: string; message: string };

export interface DescribeOptions {
  /** Set by the request helper when the call asked not to trigger the lost-session redirect. */
  skipAuthFailureAction?: boolean;
  /** Name of the planning platform: messages starting with it are internal. */
  platformName?: string;
}

const generic = (): ErrorOutcome => ({ kind: 'toast', title: DEFAULT_ERROR_TITLE, message: DEFAULT_ERROR_TEXT });

export function describeError(error: ErrorLike, options: DescribeOptions = {}): ErrorOutcome {
  if (error.status === 0 && NETWORK_MESSAGES.includes(error.message ?? '')) {
    return { kind: 'toast', title: NETWORK_ERROR_TITLE, message: NETWORK_ERROR_TEXT };
  }
  if (!HANDLED_STATUSES.includes(error.status)) return generic();

  const apiMessage = error.api_message?.trim();
  if (apiMessage && LOST_SESSION_MESSAGES.includes(apiMessage) && !options.skipAuthFailureAction) {
    return { kind: 'redirect', to: LOST_SESSION_PATH };
  }
  if (!apiMessage || isInternalMessage(apiMessage, options.platformName ?? 'xplan')) return generic();

  const shown = ensureFullStop(stripPrefix(apiMessage, PERMISSION_PREFIX));
  return { kind: 'toast', title: DEFAULT_ERROR_TITLE, message: `${shown} ${DEFAULT_ERROR_TEXT}` };
}

/** Platform internals (CORBA faults, platform-named errors, internal server errors) are hidden. */
export function isInternalMessage(message: string, platformName = 'xplan'): boolean {
  const lower = message.toLowerCase();
  return (
    lower.includes('corba') ||
    lower.startsWith(platformName.toLowerCase()) ||
    lower.includes('internal server error')
  );
}

function stripPrefix(message: string, prefix: string): string {
  return message.startsWith(prefix) ? message.slice(prefix.length).trim() : message;
}

/** Ends the sentence with a full stop unless it already ends with terminal punctuation. */
export function ensureFullStop(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
