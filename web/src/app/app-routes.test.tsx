import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../shared/session/session-context';
import type { SessionUser } from '../shared/session/session-user';
import { clientInContextStore, type ClientInContext } from '../shared/session/client-in-context';
import { adviserUser, clientUser, forgetClientData, jsonResponse, seedClientData, testConfig, testQueryClient } from '../test/render-with-providers';
import { App } from './app';

let fetchMock: ReturnType<typeof vi.fn>;
// The shell asks for a client's journey statuses (the notification modal): none awaits.
const isJourneyStatuses = (url: string) => /^\/xplanapi\/entity\/client-v4\/\d+(\?|$)/.test(url);
const NO_JOURNEYS = { id: 1001, partner_entity_id: null, xpt_review_status: 1, factfind_status: '0', robo_journey_type: '', robo_journey_status: '' };
// The signed-in area is a lazy chunk with Ionic in it: load it once before the tests, so that on a
// busy machine the first test to open it does not spend its time limit compiling Ionic.
beforeAll(async () => {
  await import('./shell/signed-in-area');
}, 120_000);
beforeEach(() => {
  // Every signed-in page asks for the navigation badge's unread count (GET docnote-v2): none
  // unread. Anything else answers as a lost session, so a test names each call it expects.
  fetchMock = vi.fn(async (url: string) =>
    url.startsWith('/xplanapi/docnote-v2')
      ? jsonResponse(200, [])
      : isJourneyStatuses(url)
        ? jsonResponse(200, NO_JOURNEYS)
        : jsonResponse(401, { api_message: 'This feature is not available without a valid session' }),
  );
  vi.stubGlobal('fetch', fetchMock);
  window.settings = { mobileAppMode: false, enableCaching: true, persistFilters: true };
  seedClientData(clientUser);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clientInContextStore.reset();
  window.history.pushState({}, '', '/');
});

const signedIn = (user: SessionUser): SessionState => ({ status: 'signed-in', user });

function renderAt(path: string, session: SessionState = { status: 'anonymous' }) {
  window.history.pushState({}, '', path);
  return render(<App initialConfig={testConfig} initialSession={session} queryClient={testQueryClient()} />);
}

describe('routes', () => {
  it('sends an anonymous visitor from / to /login', async () => {
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('checks the session on / without the lost-session redirect, then goes to login', async () => {
    window.history.pushState({}, '', '/');
    render(<App initialConfig={testConfig} />);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/xplanapi/session/user');
    expect(window.location.search).toBe('');
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });

  it('sends a signed-in client from / and from /login to the client home', async () => {
    // The home's own data calls find nothing: a lost-session answer to them would send the
    // client back to /login while the test looks at the address.
    fetchMock.mockImplementation(async () => jsonResponse(404, { api_message: 'Resource Not Found' }));
    renderAt('/login', signedIn(clientUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/clients/home');
    await waitFor(() => expect(document.title).toBe('Home - Harbour & Vale Online'));
  });

  /** The client-data batch answered from the platform's data: the record, no group, the choices. */
  function answerClientData(level: { code: string; description: string } | null) {
    forgetClientData();
    const wire = (body: unknown) => ({ name: null, code: 200, msg: 'OK', headers: {}, body: JSON.stringify(body) });
    const choices = [
      { code: '0', description: 'Not Assigned' },
      { code: '1', description: 'Client Portfolio' },
      { code: '2', description: 'Client Assets' },
      { code: '3', description: 'Client Messages' },
    ];
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) =>
      url === '/xplanapi/' && init.method === 'POST'
        ? jsonResponse(200, [wire({ id: clientUser.entity_id, client_access_level: level }), wire([]), wire(choices)])
        : // Messages and documents: no categories, types or messages; no related entities.
          url.startsWith('/xplanapi/docnote-v2') || url.endsWith('/client_group/member')
          ? jsonResponse(200, [])
          : url.endsWith('/capability')
            ? jsonResponse(200, {})
            : isJourneyStatuses(url)
              ? jsonResponse(200, NO_JOURNEYS)
              : jsonResponse(401, { api_message: 'This feature is not available without a valid session' }),
    );
  }

  it('sends a Messages-only client to messages and documents, and denies home', async () => {
    // The session user says Portfolio; the client record's code, looked up among the choices, decides.
    answerClientData({ code: '3', description: 'Client Messages' });
    renderAt('/', signedIn(clientUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages and documents' })).toBeInTheDocument();
    expect(await screen.findByText('No messages for current selection')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/clients/documents-and-messages');
    expect(screen.queryByRole('link', { name: 'Analysis' })).not.toBeInTheDocument();
  });

  it('denies a client without an access level the home page', async () => {
    answerClientData(null);
    renderAt('/clients/home', signedIn(clientUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText('You are not authorised to view the page that you requested. Please contact your adviser if this problem persists.'),
    ).toBeInTheDocument();
  });

  /** An adviser's calls: the client in context the portal's session holds, its record, an empty list. */
  function answerAdviser(context: ClientInContext | null) {
    const routes: Record<string, unknown> = {
      'GET /api/client-context': { client_in_context: context },
      'GET /xplanapi/entity/client-v3/1001': { id: 1001, entity_name: 'Whitfield, Eleanor', first_name: 'Eleanor', last_name: 'Whitfield', preferred_name: 'Ellie', locale: 'en-gb' },
      'GET /xplanapi/entity/client-v3/': [],
      'GET /xplanapi/ufield/entity/client_access_level/choice': [],
    };
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
      return key in routes ? jsonResponse(200, routes[key]) : jsonResponse(404, { api_message: `No test route for ${key}` });
    });
  }
  const eleanor: ClientInContext = { id: 1001, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: 'Portfolio', is_preview_mode: false };

  it('sends an adviser to Your Clients; with no client in context, a client page gives the spec\'s error', async () => {
    answerAdviser(null);
    const { unmount } = renderAt('/', signedIn(adviserUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Clients' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Your Clients - Harbour & Vale Online'));
    unmount();
    renderAt('/clients/home', signedIn(adviserUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'No client selected' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('I am not a clientUser and no client in context');
    expect(screen.getByRole('link', { name: 'Choose a client from Your Clients' })).toHaveAttribute('href', '/advisers/');
    expect(screen.queryByRole('link', { name: /Viewing/ })).not.toBeInTheDocument();
  });

  it('reaches the account pages from My Account', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => jsonResponse(200, { mfaMethod: 'sms', tfaMethods: ['sms'] }));
    renderAt('/clients/home', signedIn(clientUser));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Eleanor' });
    await user.click(screen.getByRole('button', { name: 'My Account' }));
    await user.click(screen.getByRole('menuitem', { name: 'Additional verification' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Additional verification' })).toBeInTheDocument();
    expect(await screen.findByText('There is no alternative method of verification available.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'My Account' }));
    await user.click(screen.getByRole('menuitem', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/clients/change-password');
  });

  it('takes the client in context from the portal on a reload (not from the browser), and denies client-only pages', async () => {
    answerAdviser(eleanor);
    const { unmount } = renderAt('/clients/home', signedIn(adviserUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Viewing Eleanor Whitfield/ })).toHaveAttribute('href', '/advisers/');
    expect(clientInContextStore.get()).toEqual(eleanor);
    expect(localStorage.length).toBe(0);
    unmount();
    const second = renderAt('/clients/change-password', signedIn(adviserUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    // Nothing of this adviser's session may still be on its way when the next test starts.
    second.unmount();
    await waitFor(() => expect(testQueryClient().isFetching()).toBe(0));
  });

  it('denies a client the adviser section', async () => {
    renderAt('/advisers/', signedIn(clientUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Access Denied - Harbour & Vale Online'));
  });

  it('sends an anonymous visitor of a section to login', async () => {
    renderAt('/clients/home');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows Page Not Found for unknown paths and unknown client pages', async () => {
    const { unmount } = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The page that you asked for doesn't exist or has been moved. Please contact your adviser if this problem persists."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the home page' })).toHaveAttribute('href', '/');
    unmount();
    // Every client child has its page since the annual review (issue 18): an unknown segment.
    renderAt('/clients/no-such-page', signedIn(clientUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the same Page Not Found for a missing client page whatever the client\'s site access', async () => {
    // A page that does not exist is Page Not Found for a Messages client too, before any access rule.
    answerClientData({ code: '3', description: 'Client Messages' });
    const { unmount } = renderAt('/clients/no-such-page', signedIn(clientUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    unmount();
    // So for an adviser without a client in context: a missing page is missing, a real one says
    // there is no client in context.
    answerAdviser(null);
    const again = renderAt('/clients/no-such-page', signedIn(adviserUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    again.unmount();
    renderAt('/clients/documents-and-messages', signedIn(adviserUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'No client selected' })).toBeInTheDocument();
  });

  it('opens text pages inside the signed-in shell, with its navigation and a way back', async () => {
    renderAt('/privacy', signedIn(clientUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/clients/');
  });

  it('gives the cookie policy one address', async () => {
    for (const path of ['/cookie-policy', '/pages/cookie-policy']) {
      const { unmount } = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Cookie policy' })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/core/cookie-policy');
      unmount();
    }
    renderAt('/core/cookie-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie policy' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Cookies' })).toHaveAttribute('href', '/core/cookie-policy');
  });

  it('renders configured text pages with a Back link, and unknown ones as Unknown page', async () => {
    const { unmount } = renderAt('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/login');
    unmount();
    renderAt('/pages/nothing-here', signedIn(clientUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown page' })).toBeInTheDocument();
    expect(screen.getByText('Unable to locate the text for this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/clients/');
  });

  it('shows the cookie notice until OK, and the footer', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    const notice = await screen.findByRole('region', { name: 'Cookie notice' });
    expect(within(notice).getByRole('link', { name: /cookie policy/i })).toHaveAttribute('href', '/core/cookie-policy');
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(localStorage.getItem('cookieConsent')).toBe('true');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/site-terms');
    expect(within(footer).getByText(/Harbour & Vale Wealth Management Ltd/)).toBeInTheDocument();
  });

  it('hides the footer in the mobile app', async () => {
    window.settings = { mobileAppMode: true, enableCaching: true, persistFilters: true };
    renderAt('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('logs out through My Account and lands on login', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    localStorage.setItem('coa_filter', 'x');
    renderAt('/clients/home', signedIn(clientUser));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Eleanor' });
    await user.click(screen.getByRole('button', { name: 'My Account' }));
    expect(screen.getByText(/^Last login: 20 Nov 2026 9:14 /)).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(fetchMock).toHaveBeenCalledWith('/xplanapi/session', expect.objectContaining({ method: 'DELETE' }));
    expect(localStorage.getItem('coa_filter')).toBeNull();
  });

  it('redirects to login with LostSession when a call reports a lost session', async () => {
    const { request } = await import('../shared/http');
    renderAt('/clients/home', signedIn(clientUser));
    // The home is there (still hidden while the attention panel's counts load: home-notices.tsx).
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Eleanor', hidden: true });
    await request('entity/client-v3/1001', { attempts: 1 }).catch(() => undefined);
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/login?error=LostSession');
  });

  it('shows other errors as a toast', async () => {
    const { request } = await import('../shared/http');
    fetchMock.mockImplementation(async () => jsonResponse(403, { api_message: 'Permission Error: You may not do that' }));
    renderAt('/login');
    await screen.findByRole('button', { name: 'Login' });
    await request('anything', { method: 'POST' }).catch(() => undefined);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(region).findByText(
        'You may not do that. Please try again. If the problem persists, contact your Financial Adviser.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText('An error has occurred')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });
});
