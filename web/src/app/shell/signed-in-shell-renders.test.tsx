import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientHolderProvider } from '../../shared/api/query-client-holder';
import { SiteConfigProvider } from '../../shared/config/site-config-context';
import { SessionProvider } from '../../shared/session/session-context';
import { unreadCountStore } from '../../shared/session/unread-count';
import { ToastProvider } from '../../shared/ui/toast';
import { ok, routeFetch } from '../../test/fetch-routes';
import { clientUser, seedClientData, testConfig, testQueryClient } from '../../test/render-with-providers';
import type * as WarmUp from '../../shared/format/warm-up';
import type * as IonicElements from './ionic-elements';
import { SignedInShell } from './signed-in-shell';

// The shell's Ionic frame as it is, counting its renders: each one also renders Ionic's wrappers
// and their effects around the whole page (issue 13: the shell redrew itself as each of its own
// answers arrived).
const renders = vi.hoisted(() => ({ app: 0, content: 0 }));
// The locale data's warm-up as it is, recording who asks for it.
const warmUps = vi.hoisted(() => [] as [string, string][]);
vi.mock('../../shared/format/warm-up', async (importOriginal) => {
  const real = await importOriginal<typeof WarmUp>();
  return {
    warmUpFormats: (locale: string, currency: string) => {
      warmUps.push([locale, currency]);
      return real.warmUpFormats(locale, currency);
    },
  };
});
vi.mock('./ionic-elements', async (importOriginal) => {
  const real = await importOriginal<typeof IonicElements>();
  const counted = <P extends object>(Component: React.ComponentType<P>, key: keyof typeof renders) =>
    function Counted(props: P) {
      renders[key] += 1;
      return <Component {...props} />;
    };
  return { ...real, IonApp: counted(real.IonApp, 'app'), IonContent: counted(real.IonContent, 'content') };
});

const pageDrawn = vi.fn();
function Page() {
  pageDrawn();
  return <p>Client page</p>;
}

function renderShell() {
  return render(
    <QueryClientHolderProvider client={testQueryClient()}>
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/clients/home']} future={{ v7_relativeSplatPath: true, v7_startTransition: false }}>
          <ToastProvider>
            <SiteConfigProvider initialConfig={testConfig} loading={null} renderError={() => null}>
              <SessionProvider initialState={{ status: 'signed-in', user: clientUser }}>
                <Routes>
                  <Route
                    path="/clients/*"
                    element={
                      <SignedInShell onLogout={() => undefined}>
                        <Page />
                      </SignedInShell>
                    }
                  />
                </Routes>
              </SessionProvider>
            </SiteConfigProvider>
          </ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </QueryClientHolderProvider>,
  );
}

// The shell fetches the warm-up's code: loaded here once, so the test does not wait for its transform.
beforeAll(async () => {
  await import('../../shared/format/warm-up');
});

beforeEach(() => {
  renders.app = 0;
  renders.content = 0;
  pageDrawn.mockClear();
  warmUps.length = 0;
  seedClientData(clientUser);
});
afterEach(() => {
  vi.unstubAllGlobals();
  unreadCountStore.reset();
});

it('draws its frame and the page once or twice while its own answers arrive, not once per answer (issue 13)', async () => {
  const template = { id: 1, name: 'Portfolio valuation', dateParameters: 'Date Range', userType: 'Client', requiredSelector: 'Select Entity' };
  const api = routeFetch({
    'POST /api/session/heartbeat': ok({}),
    'GET /xplanapi/feature_toggle/toggle_condition': ok([{ name: 'some-feature', enabled: true }]),
    'GET /api/feature-toggles': ok([]),
    'GET /xplanapi/xmerge/template-v2': ok([template]),
    'GET /xplanapi/docnote-v2': ok([{}, {}, {}]),
  });
  renderShell();
  // Every answer the shell asks for is in: the toggles (both sources), the report templates, the
  // login profile (the session timer's) and the unread count, which shows in the navigation.
  await waitFor(() => {
    for (const key of ['GET /xplanapi/feature_toggle/toggle_condition', 'GET /api/feature-toggles', 'GET /xplanapi/xmerge/template-v2', 'GET /xplanapi/sysadmin/loginsetting/login_profile/1', 'GET /xplanapi/docnote-v2']) {
      expect(api.calls().some((call) => call.key === key)).toBe(true);
    }
  });
  expect(await screen.findByRole('link', { name: /^Messages and documents\s*\(3 unread\)$/ })).toBeInTheDocument();
  // TanStack Query tells its observers on a zero-delay timer: let the last of them run.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

  // Before: the frame and the content area were drawn once more per answer (three or four times
  // here, as the test's answers batch). Now the content area and the page once; the frame once
  // more when the login profile sets the session timer.
  expect(renders.app).toBeLessThanOrEqual(2);
  expect(renders.content).toBe(1);
  expect(pageDrawn).toHaveBeenCalledTimes(1);
  // The navigation still follows what arrives.
  act(() => unreadCountStore.set(21));
  expect(screen.getByRole('link', { name: /^Messages and documents\s*\(20\+ unread\)$/ })).toBeInTheDocument();
  expect(renders.app).toBeLessThanOrEqual(2);
  expect(renders.content).toBe(1);
});

it("sets up the browser's locale data from the first screen, before any page asks for its figures (issue 13)", async () => {
  routeFetch({ 'POST /api/session/heartbeat': ok({}) });
  renderShell();
  // The page here formats nothing: the shell asks all the same, in the user's locale and currency.
  await waitFor(() => expect(warmUps).toEqual([[clientUser.locale, clientUser.preferred_currency]]));
});
