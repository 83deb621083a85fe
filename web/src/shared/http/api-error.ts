/**
 * Every failed request is thrown as an ApiError. `status` is the HTTP status, or 0 when no
 * response arrived (network failure: message "ajax error 0"; time-out: message "ajax timeout").
 * `api_message` and `user_message` come from the platform's error body when there is one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly api_message: string | undefined;
  readonly user_message: string | undefined;

  constructor(status: number, message: string, body: { api_message?: string; user_message?: string } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.api_message = body.api_message;
    this.user_message = body.user_message;
  }
}

export const NETWORK_ERROR_MESSAGE = 'ajax error 0';
export const TIMEOUT_MESSAGE = 'ajax timeout';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
