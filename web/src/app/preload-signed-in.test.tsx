import { render, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clientUser, jsonResponse, testQueryClient } from '../test/render-with-providers';
import type { SessionUser } from '../shared/session/session-user';
import { App } from './app';

// Issue 13: a signed-in load of the home does not wait for one round trip after another. The
// session check goes out with the site configuration's request, and once it says someone is
// signed in the signed-in area's code starts loading while the configuration is still on its
// way. The lazy module below records when it is first imported.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('./shell/signed-in-area', () => {
  loaded.push('signed-in area');
  return { default: () => null };
});

afterEach(() => {
  vi.unstubAllGlobals();
  loaded.length = 0;
  window.history.pushState({}, '', '/');
});

/** The portal's answers, with the site configuration never arriving. */
function stubPortal(user: SessionUser | null) {
  const fetch = vi.fn((input: string) => {
    if (input.endsWith('/site-config.json')) return new Promise<Response>(() => undefined);
    if (input.endsWith('/xplanapi/session/user')) return Promise.resolve(user ? jsonResponse(200, user) : jsonResponse(200, { authenticated: false }));
    return Promise.resolve(jsonResponse(404, {}));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const asked = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map((call) => String(call[0]));

// A module is imported once per file, so both visits run in one test, in this order.
it('asks for the session and the site configuration at once; loads the signed-in area before the configuration arrives, for a signed-in user only', async () => {
  const anonymous = stubPortal(null);
  window.history.pushState({}, '', '/login');
  const view = render(<App queryClient={testQueryClient()} />);
  await waitFor(() => expect(asked(anonymous).some((url) => url.endsWith('/xplanapi/session/user'))).toBe(true));
  expect(asked(anonymous).some((url) => url.endsWith('/site-config.json'))).toBe(true);
  // The session's answer is in and handled: nothing was loaded for it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loaded).toEqual([]);
  view.unmount();

  stubPortal(clientUser);
  window.history.pushState({}, '', '/clients/home');
  render(<App queryClient={testQueryClient()} />);
  await waitFor(() => expect(loaded).toEqual(['signed-in area']));
});
