import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  SKIP_AUTH_FAILURE_HEADER,
  buildUrl,
  configureApiBases,
  request,
  setRequestFailureListener,
} from './request';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;

/** The portal's own prefixes, restored after each test (request.ts has no reset: no test hooks in production code). */
const DEFAULT_BASES = { xplanapi: '/xplanapi/', api: '/api/', bff: '/bff/api/', root: '/' };

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setRequestFailureListener(null);
  configureApiBases(DEFAULT_BASES);
});

/** Runs a request under fake timers and returns the settled outcome. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('request', () => {
  it('sends credentials and JSON, and parses JSON answers', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    const result = await request('auth/login', { method: 'POST', body: { username: 'u', password: 'p' } });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/xplanapi/auth/login');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"u","password":"p"}');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.headers.Accept).toBe('application/json');
  });

  it('uses the configured base prefixes', () => {
    expect(buildUrl('session/user')).toBe('/xplanapi/session/user');
    expect(buildUrl('tfa/details', 'api')).toBe('/api/tfa/details');
    expect(buildUrl('account/transactions', 'bff', { page: 2, empty: undefined })).toBe('/bff/api/account/transactions?page=2');
    expect(buildUrl('/site-config.json', 'root')).toBe('/site-config.json');
    configureApiBases({ xplanapi: 'https://portal.example/xplanapi/' });
    expect(buildUrl('session/user')).toBe('https://portal.example/xplanapi/session/user');
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    await expect(request('session', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('retries a GET 3 times with 500 ms then 1000 ms between attempts', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(503, { api_message: 'busy' }));
    const outcome = request('session/user');
    const settled = outcome.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, api_message: 'busy' });
  });

  it('makes no further attempt once the caller aborts during the wait between attempts', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(503, { api_message: 'busy' }));
    const caller = new AbortController();
    const settled = request('session/user', { signal: caller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    caller.abort();
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const error = await settled;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('succeeds when a retry succeeds', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, { id: 1 }));
    const { value } = await settle(request('session/user'));
    expect(value).toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never retries a 404', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(404, { api_message: 'Not found' }));
    const { error } = await settle(request('entity/client-v3/1'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 404, api_message: 'Not found' });
  });

  it('never retries a POST or PATCH, even after a network failure or 5xx', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await settle(request('auth/login', { method: 'POST', body: {} }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json(500, {}));
    await settle(request('thing', { method: 'PATCH', body: {} }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry other client errors', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(401, { api_message: 'x' }));
    await settle(request('session/user'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries 408 and 429 for idempotent methods', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(429, {}));
    await settle(request('session', { method: 'DELETE' }));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reports a network failure as status 0 "ajax error 0"', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { error } = await settle(request('session/user'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'ajax error 0' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reports a time-out as status 0 "ajax timeout"', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
    );
    const { error } = await settle(request('session/user', { timeoutMs: 1000, attempts: 1 }));
    expect(error).toMatchObject({ status: 0, message: 'ajax timeout' });
  });

  it('parses the error body into api_message and user_message', async () => {
    fetchMock.mockResolvedValue(
      json(401, { api_message: 'bad_otp', user_message: 'There was an error with the authentication code you entered.' }),
    );
    const error = await request('auth/tfa/validate', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      api_message: 'bad_otp',
      user_message: 'There was an error with the authentication code you entered.',
      message: 'bad_otp',
    });
  });

  it('copes with an error body that is not JSON', async () => {
    fetchMock.mockImplementation(async () => new Response('<html>Bad gateway</html>', { status: 400, headers: { 'Content-Type': 'text/html' } }));
    const error = await request('x', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, api_message: undefined, message: 'ajax error 400' });
  });

  it('reports failures to the global listener unless notify is false', async () => {
    const listener = vi.fn();
    setRequestFailureListener(listener);
    fetchMock.mockImplementation(async () => json(403, { api_message: 'Permission Error: nope' }));
    await request('x', { method: 'POST' }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![1]).toEqual({ skipAuthFailureAction: false });

    await request('x', { method: 'POST', notify: false }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('switches off the auth-failure action by option or by header, and strips the header', async () => {
    const listener = vi.fn();
    setRequestFailureListener(listener);
    fetchMock.mockImplementation(async () => json(401, { api_message: 'This feature is not available without a valid session' }));
    await request('x', { method: 'POST', skipAuthFailureAction: true }).catch(() => undefined);
    await request('x', { method: 'POST', headers: { [SKIP_AUTH_FAILURE_HEADER]: 'true' } }).catch(() => undefined);
    expect(listener.mock.calls.map((call) => call[1])).toEqual([{ skipAuthFailureAction: true }, { skipAuthFailureAction: true }]);
    const sentHeaders = fetchMock.mock.calls[1]![1].headers as Record<string, string>;
    expect(Object.keys(sentHeaders)).not.toContain(SKIP_AUTH_FAILURE_HEADER);
  });
});
