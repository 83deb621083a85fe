import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './api-error';

/**
 * The one way the browser talks to the portal. Same origin, cookies only.
 *
 * Retry policy (spec 1 §7: up to 3 attempts, 500 ms × attempt number between them, never a 404):
 * only idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS) are retried, and only after a network
 * failure, a time-out, 408, 429 or a 5xx. POST and PATCH are never retried automatically: a
 * login, a second-factor code or a message must never be sent twice because a response was lost.
 */

export type ApiBase = 'xplanapi' | 'api' | 'bff' | 'root';

const DEFAULT_BASES: Record<ApiBase, string> = {
  xplanapi: '/xplanapi/',
  api: '/api/',
  bff: '/bff/api/',
  root: '/',
};

let bases: Record<ApiBase, string> = { ...DEFAULT_BASES };

/** Overrides base prefixes (for example in the native shell, where the portal has another origin). */
export function configureApiBases(overrides: Partial<Record<ApiBase, string>>): void {
  bases = { ...bases, ...overrides };
}

/**
 * Set this request header (any value) to skip the automatic lost-session redirect for one call,
 * as the platform's clients do for some posts. It is read and removed before the request is sent.
 */
export const SKIP_AUTH_FAILURE_HEADER = 'X-Skip-Auth-Failure-Action';

export interface FailureContext {
  /** When true, the global handler must not redirect to login on a lost session. */
  skipAuthFailureAction: boolean;
}

type FailureListener = (error: ApiError, context: FailureContext) => void;

let failureListener: FailureListener | null = null;

/** The app registers one listener that turns failures into toasts or a lost-session redirect. */
export function setRequestFailureListener(listener: FailureListener | null): void {
  failureListener = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  base?: ApiBase;
  /** A plain object or array is sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: failures are only thrown, not reported to the global error handler (no toast). */
  notify?: boolean;
  /** true: a lost-session answer does not redirect to login (the toast rules still apply). */
  skipAuthFailureAction?: boolean;
  /** Total attempts for retryable failures; default 3. */
  attempts?: number;
  /** Per-attempt time-out; default 60 s. */
  timeoutMs?: number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
export const RETRY_DELAY_MS = 500;
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_TIMEOUT_MS = 60_000;

export function buildUrl(path: string, base: ApiBase = 'xplanapi', query?: RequestOptions['query']): string {
  const prefix = bases[base];
  const url = /^https?:\/\//.test(path) ? path : prefix.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

export function isRetryable(method: string, error: ApiError): boolean {
  if (!IDEMPOTENT.has(method)) return false;
  if (error.status === 404) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Waits ms, or less when the caller aborts meanwhile (the next attempt then never starts). */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** The caller's abort as the error fetch itself would throw for it. */
function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let skipAuthFailureAction = options.skipAuthFailureAction ?? false;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === SKIP_AUTH_FAILURE_HEADER.toLowerCase()) {
      skipAuthFailureAction = true;
      delete headers[name];
    }
  }
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || options.body instanceof FormData || options.body instanceof Blob) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
  }
  const url = buildUrl(path, options.base, options.query);

  for (let attempt = 1; ; attempt += 1) {
    // A caller that gave up (a query cancelled, a page left) during a retry's wait: no more calls.
    if (options.signal?.aborted) throw abortError(options.signal);
    try {
      return await attemptOnce<T>(url, { method, headers, body, credentials: 'include' }, options);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error; // caller aborted: not ours to report
      if (attempt < attempts && isRetryable(method, error)) {
        await sleep(RETRY_DELAY_MS * attempt, options.signal);
        continue;
      }
      if (options.notify !== false) failureListener?.(error, { skipAuthFailureAction });
      throw error;
    }
  }
}

async function attemptOnce<T>(url: string, init: RequestInit, options: RequestOptions): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
  const payload = await readBody(response);
  if (!response.ok) throw toApiError(response, payload);
  return payload as T;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(response: Response, payload: unknown): ApiError {
  const body =
    payload && typeof payload === 'object'
      ? (payload as { api_message?: unknown; user_message?: unknown })
      : {};
  const api_message = typeof body.api_message === 'string' && body.api_message ? body.api_message : undefined;
  const user_message = typeof body.user_message === 'string' && body.user_message ? body.user_message : undefined;
  const message = api_message ?? user_message ?? `ajax error ${response.status}`;
  return new ApiError(response.status, message, { api_message, user_message });
}
