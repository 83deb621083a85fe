import { vi } from 'vitest';
import { jsonResponse } from './render-with-providers';

// Bodies are whatever the code under test sent: tests read the fields they check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test double's free-form body
type Handler = (body: any, url: URL) => Response | Promise<Response>;

export interface RoutedFetch {
  fetch: ReturnType<typeof vi.fn>;
  /** The calls made, as "METHOD /path" with the parsed JSON body. */
  calls(): { key: string; body: unknown; url: URL }[];
  bodyOf(key: string, index?: number): unknown;
}

/**
 * A fetch stub that answers by "METHOD /path" (query ignored), for tests of screens that make
 * several calls. A route may be a handler or a list of handlers used in turn (the last repeats).
 * Unknown routes answer 404, so a missing stub shows up as a failed call.
 */
export function routeFetch(routes: Record<string, Handler | Handler[]>): RoutedFetch {
  const used: Record<string, number> = {};
  const log: { key: string; body: unknown; url: URL }[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    log.push({ key, body, url });
    const route = routes[key];
    if (!route) return jsonResponse(404, { api_message: `No test route for ${key}` });
    const list = Array.isArray(route) ? route : [route];
    const index = Math.min(used[key] ?? 0, list.length - 1);
    used[key] = (used[key] ?? 0) + 1;
    return list[index]!(body, url);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls: () => log,
    bodyOf: (key, index = 0) => log.filter((call) => call.key === key)[index]?.body,
  };
}

export const ok = (body: unknown) => () => jsonResponse(200, body);
export const noContent = () => () => new Response(null, { status: 204 });
export const fail = (status: number, body: { api_message?: string; user_message?: string }) => () => jsonResponse(status, body);
