import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ClientChildKey, NavigationEntry, SiteConfig } from '../../shared/config/site-config';
import { SiteConfigProvider } from '../../shared/config/site-config-context';
import { clientInContextStore } from '../../shared/session/client-in-context';
import { reviewInProgressStore } from '../../shared/session/review-in-progress';
import { SessionProvider } from '../../shared/session/session-context';
import type { SessionUser } from '../../shared/session/session-user';
import { unreadCountStore } from '../../shared/session/unread-count';
import { ToastProvider } from '../../shared/ui/toast';
import { fail, noContent, ok, routeFetch } from '../../test/fetch-routes';
import { PHONE_QUERY } from '../../shared/ui/use-media-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { QueryClientHolderProvider } from '../../shared/api/query-client-holder';
import { adviserUser, clientUser, forgetClientData, resetTestQueryClient, seedClientData, testConfig, testQueryClient } from '../../test/render-with-providers';
import { SignedInShell } from './signed-in-shell';

const MINUTE = 60_000;

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderShell(user: SessionUser = clientUser, path = '/clients/home', config: SiteConfig = testConfig, clientPages?: ReadonlySet<ClientChildKey>) {
  const onLogout = vi.fn();
  render(
    <QueryClientHolderProvider client={testQueryClient()}>
    <QueryClientProvider client={testQueryClient()}>
    <MemoryRouter initialEntries={[path]} future={{ v7_relativeSplatPath: true, v7_startTransition: false }}>
      <ToastProvider>
        <SiteConfigProvider initialConfig={config} loading={null} renderError={() => null}>
          <SessionProvider initialState={{ status: 'signed-in', user }}>
            <Routes>
              <Route
                path="/clients/*"
                element={
                  <SignedInShell onLogout={onLogout} clientPages={clientPages}>
                    <p>Client page</p>
                    <button type="button">Ordinary button</button>
                    <div data-no-heartbeat="">
                      <button type="button">Quiet button</button>
                    </div>
                  </SignedInShell>
                }
              />
              <Route path="/advisers/*" element={<SignedInShell onLogout={onLogout}>Adviser page</SignedInShell>} />
              <Route path="*" element={<Where />} />
            </Routes>
          </SessionProvider>
        </SiteConfigProvider>
      </ToastProvider>
    </MemoryRouter>
    </QueryClientProvider>
    </QueryClientHolderProvider>,
  );
  return { onLogout };
}

/** Lets fetch promises and React updates settle under fake timers. */
/** Waits until the shell's toggle requests have been answered (real timers). */
const flushToggles = () => waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('feature-toggles'))).toBe(true));
const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => seedClientData(clientUser));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clientInContextStore.reset();
  reviewInProgressStore.reset();
  unreadCountStore.reset();
});

describe('session timeout', () => {
  beforeEach(() => vi.useFakeTimers());

  const heartbeats = (api: ReturnType<typeof routeFetch>) =>
    api.calls().filter((call) => call.key === 'POST /api/session/heartbeat').length;

  it('warns with an accessible modal at the configured time, keeps the session on Stay logged in, then logs out at the end', async () => {
    const api = routeFetch({
      'GET /xplanapi/sysadmin/loginsetting/login_profile/1': fail(404, { api_message: 'Resource Not Found' }),
      'POST /api/session/heartbeat': ok({ entity_id: 1001, role_name: 'ClientUser', last_login: null }),
      'DELETE /xplanapi/session': noContent(),
    });
    renderShell();
    await flush();
    // Configured times (30 minutes, warning at 25): the 404 of the profile is ignored.
    await advance(25 * MINUTE - 1000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(1000);
    const dialog = screen.getByRole('alertdialog', { name: 'Session nearly ending' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('You are about to be logged out due to inactivity');
    const stay = within(dialog).getByRole('button', { name: 'Stay logged in' });
    expect(stay).toHaveFocus();
    // The rest of the page is blurred and inert.
    const shell = document.querySelector('.app-shell')!;
    expect(shell).toHaveAttribute('inert');
    expect(shell).toHaveClass('dialog-blurred');
    // Focus stays in the dialog.
    fireEvent.keyDown(stay, { key: 'Tab' });
    expect(stay).toHaveFocus();
    fireEvent.keyDown(stay, { key: 'Tab', shiftKey: true });
    expect(stay).toHaveFocus();

    fireEvent.click(stay);
    await flush();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(shell).not.toHaveAttribute('inert');
    expect(heartbeats(api)).toBe(1);

    // The timers started again from Stay logged in; Escape also keeps the session.
    await advance(25 * MINUTE);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await flush();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(heartbeats(api)).toBe(2);

    await advance(30 * MINUTE);
    expect(api.calls().some((call) => call.key === 'DELETE /xplanapi/session')).toBe(true);
    expect(screen.getByText('At /login?error=LostSession')).toBeInTheDocument();
  });

  it('takes the timeout from the login profile: warning 5 minutes before an end over 10 minutes, else 1', async () => {
    routeFetch({
      'GET /xplanapi/sysadmin/loginsetting/login_profile/7': ok({ id: 7, inactive_session_timeout_client: 12 }),
      'DELETE /xplanapi/session': noContent(),
    });
    renderShell({ ...clientUser, login_profile_id: 7 });
    await flush();
    await advance(7 * MINUTE);
    expect(screen.getByRole('alertdialog', { name: 'Session nearly ending' })).toBeInTheDocument();
    await advance(5 * MINUTE);
    expect(screen.getByText('At /login?error=LostSession')).toBeInTheDocument();
  });

  it('sends a heartbeat on clicks, at most once a second and not for data-no-heartbeat elements', async () => {
    const api = routeFetch({
      'GET /xplanapi/sysadmin/loginsetting/login_profile/1': ok({ inactive_session_timeout_client: 10 }),
      'POST /api/session/heartbeat': ok({}),
    });
    renderShell();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Ordinary button' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ordinary button' }));
    await flush();
    expect(heartbeats(api)).toBe(1);
    await advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Quiet button' }));
    await flush();
    expect(heartbeats(api)).toBe(1);
    fireEvent.click(screen.getByText('Client page'));
    await flush();
    expect(heartbeats(api)).toBe(2);
    // A click is activity: the warning (at 9 of 10 minutes) counts from it.
    await advance(9 * MINUTE - 1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends a heartbeat when a hidden tab becomes visible, and goes to login when the session is lost', async () => {
    const api = routeFetch({
      'GET /xplanapi/sysadmin/loginsetting/login_profile/1': fail(403, { api_message: 'Permission Error: no access' }),
      'POST /api/session/heartbeat': fail(401, { api_message: 'This feature is not available without a valid session' }),
    });
    renderShell();
    await flush();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    await flush();
    expect(heartbeats(api)).toBe(1);
    expect(screen.getByText('At /login?error=LostSession')).toBeInTheDocument();
    // The session was already gone: no logout call.
    expect(api.calls().some((call) => call.key === 'DELETE /xplanapi/session')).toBe(false);
  });

  it('ignores a heartbeat that gets no answer', async () => {
    routeFetch({ 'POST /api/session/heartbeat': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderShell();
    await flush();
    fireEvent.click(screen.getByText('Client page'));
    await flush();
    expect(screen.getByText('Client page')).toBeInTheDocument();
  });
});

describe('top navigation', () => {
  beforeEach(() => {
    routeFetch({ 'POST /api/session/heartbeat': ok({}), 'DELETE /xplanapi/session': noContent() });
  });

  it('shows the unread badge up to 20, then 20+, and hides it at 0', async () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'Messages and documents' })).toBeInTheDocument();
    act(() => unreadCountStore.set(7));
    expect(screen.getByRole('link', { name: /^Messages and documents\s*\(7 unread\)$/ })).toBeInTheDocument();
    act(() => unreadCountStore.set(21));
    expect(screen.getByRole('link', { name: /^Messages and documents\s*\(20\+ unread\)$/ })).toBeInTheDocument();
    act(() => unreadCountStore.set(0));
    expect(screen.getByRole('link', { name: 'Messages and documents' })).toBeInTheDocument();
  });

  it('lists the configured and account-security links in My Account with the last login', async () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Personal details',
      'Adviser details',
      'Preferences',
      'Change password',
      'Security questions',
      'Additional verification',
      'Log out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Security questions' })).toHaveAttribute('href', '/clients/security-questions');
    expect(screen.getByText('Last login: 20 Nov 2026 9:14 UTC')).toBeInTheDocument();
  });

  it('shows the valuation-report link only when the client-reports toggle is on', async () => {
    const report: NavigationEntry = { type: 'page', label: 'Valuation report', path: '/clients/valuation-report', userTypes: ['client'], placement: 'account' };
    const config = { ...testConfig, content: { ...testConfig.content, navigation: [...testConfig.content.navigation.filter((entry) => entry.label !== report.label), report] } };
    renderShell(clientUser, '/clients/home', config);
    await flushToggles();
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    expect(screen.queryByRole('menuitem', { name: 'Valuation report' })).not.toBeInTheDocument();
    cleanup();
    // A new login: a new query cache (the toggles are asked once per login).
    await resetTestQueryClient();
    seedClientData(clientUser);

    routeFetch({
      'POST /api/session/heartbeat': ok({}),
      'GET /xplanapi/feature_toggle/toggle_condition': ok([{ name: 'use-client-reports', enabled: true }]),
    });
    renderShell(clientUser, '/clients/home', config);
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Valuation report' })).toHaveAttribute('href', '/clients/valuation-report');
  });

  it('shows the valuation-report link when the firm has a template for the user type (toggle off)', async () => {
    const report: NavigationEntry = { type: 'page', label: 'Valuation report', path: '/clients/valuation-report', userTypes: ['client'], placement: 'account' };
    const config = { ...testConfig, content: { ...testConfig.content, navigation: [...testConfig.content.navigation.filter((entry) => entry.label !== report.label), report] } };
    const template = { id: 1, name: 'Portfolio valuation', dateParameters: 'Date Range', userType: 'Client', requiredSelector: 'Select Entity' };
    const api = routeFetch({
      'POST /api/session/heartbeat': ok({}),
      'GET /xplanapi/xmerge/template-v2': ok([template]),
    });
    renderShell(clientUser, '/clients/home', config);
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Valuation report' })).toHaveAttribute('href', '/clients/valuation-report');
    expect(api.calls().find((call) => call.key === 'GET /xplanapi/xmerge/template-v2')?.url.searchParams.get('user_type')).toBe('Client');
  });

  it('loads a client\'s data once in, and says so when the access-level mapping is missing', async () => {
    forgetClientData();
    const wire = (body: unknown) => ({ name: null, code: 200, msg: 'OK', headers: {}, body: JSON.stringify(body) });
    routeFetch({
      'POST /api/session/heartbeat': ok({}),
      'POST /xplanapi/': ok([wire({ id: clientUser.entity_id, client_access_level: { code: '7' } }), wire([]), wire([{ code: '1', description: 'Client Portfolio' }])]),
    });
    renderShell();
    expect(await screen.findByText('No mapping found for client_access_level')).toBeInTheDocument();
    // Without a site access only what every client has is offered.
    expect(screen.queryByRole('link', { name: 'Analysis' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Messages and documents' })).toBeInTheDocument();
  });

  it('links only to client pages this build has', async () => {
    renderShell(clientUser, '/clients/home', testConfig, new Set<ClientChildKey>(['home', 'change-password', 'documents-and-messages']));
    expect(screen.queryByRole('link', { name: 'Analysis' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Change password', 'Log out']);
  });

  it('limits links by locale', async () => {
    renderShell({ ...clientUser, locale: 'en-au' });
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    expect(screen.queryByRole('menuitem', { name: 'Preferences' })).not.toBeInTheDocument();
  });

  it('clears the account filter from the logo and Analysis', async () => {
    renderShell();
    localStorage.setItem('coa_filter', 'x');
    localStorage.setItem('coa_history', 'y');
    fireEvent.click(screen.getByRole('link', { name: 'Analysis' }));
    expect(localStorage.getItem('coa_filter')).toBeNull();
    localStorage.setItem('coa_history', 'y');
    fireEvent.click(screen.getByRole('link', { name: /home$/ }));
    expect(localStorage.getItem('coa_history')).toBeNull();
  });

  it('shows an adviser with a client in context a "Viewing" link back to the client list, without the badge', async () => {
    clientInContextStore.set({
      id: 12,
      entity_id: 1001,
      display_name: 'Eleanor Whitfield',
      site_access_level: 'Portfolio',
      is_preview_mode: false,
    });
    unreadCountStore.set(3);
    renderShell(adviserUser, '/clients/home');
    expect(screen.getByRole('link', { name: /Viewing Eleanor Whitfield/ })).toHaveAttribute('href', '/advisers/');
    expect(screen.getByRole('link', { name: 'Analysis' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Messages and documents' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    expect(screen.queryByRole('menuitem', { name: 'Change password' })).not.toBeInTheDocument();
  });

  it('hides links to client-only pages from an adviser in context, however the configuration lists them (spec 1 §2, §6)', async () => {
    // Every entry open to every user type: only the access rules of the pages can keep them apart.
    const entry = (label: string, segment: string): NavigationEntry => ({ type: 'page', label, path: `/clients/${segment}`, placement: 'account' });
    const navigation = [
      entry('Personal details', 'personal-details'),
      entry('Preferences', 'preferences'),
      entry('Change password', 'change-password'),
      entry('Security questions', 'security-questions'),
      entry('Additional verification', 'additional-verification'),
      { ...entry('Balance sheet', 'balance-sheet'), placement: 'main' as const },
    ];
    const config = { ...testConfig, content: { ...testConfig.content, navigation } };
    clientInContextStore.set({ id: 12, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: 'Messages', is_preview_mode: true });
    renderShell(adviserUser, '/clients/documents-and-messages', config);
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    // Preferences too, read-only (spec 1 §6: an adviser "sees preferences read-only").
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Personal details', 'Preferences', 'Log out']);
    // The Messages portal view has no balance sheet (Assets or Portfolio only).
    expect(screen.queryByRole('link', { name: 'Balance sheet' })).not.toBeInTheDocument();
    cleanup();

    // The same configuration for the client: every page is theirs.
    clientInContextStore.reset();
    renderShell(clientUser, '/clients/home', config);
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Personal details',
      'Preferences',
      'Change password',
      'Security questions',
      'Additional verification',
      'Log out',
    ]);
    expect(screen.getByRole('link', { name: 'Balance sheet' })).toBeInTheDocument();
  });

  it('ends an adviser’s client in context at logout (spec 1 §4)', async () => {
    clientInContextStore.set({ id: 12, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: 'Portfolio', is_preview_mode: false });
    renderShell(adviserUser, '/clients/home');
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(clientInContextStore.get()).toBeNull();
    expect(vi.mocked(fetch).mock.calls.some(([url, init]) => String(url).endsWith('/xplanapi/session') && init?.method === 'DELETE')).toBe(true);
  });

  it('shows an adviser with no client in context no links into the client section', async () => {
    const navigation: NavigationEntry[] = [
      { type: 'page', label: 'Personal details', path: '/clients/personal-details', placement: 'account' },
      { type: 'page', label: 'Cookie policy', path: '/core/cookie-policy', placement: 'account' },
    ];
    renderShell(adviserUser, '/advisers/', { ...testConfig, content: { ...testConfig.content, navigation } });
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Cookie policy', 'Log out']);
  });

  it('says "Preview" beside "Viewing" when the adviser sees another level than the client’s own', async () => {
    clientInContextStore.set({ id: 12, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: 'NotAssigned', is_preview_mode: true });
    renderShell(adviserUser, '/clients/documents-and-messages');
    expect(screen.getByText('Preview: Messages view')).toBeInTheDocument();
    // NotAssigned is Messages: no Analysis.
    expect(screen.queryByRole('link', { name: 'Analysis' })).not.toBeInTheDocument();
    act(() => clientInContextStore.set({ id: 12, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: 'Portfolio', is_preview_mode: false }));
    expect(screen.queryByText(/^Preview:/)).not.toBeInTheDocument();
  });

  it('asks before logging out during an in-progress review', async () => {
    reviewInProgressStore.set(true);
    const { onLogout } = renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log out during your review?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'My Account' })).toHaveFocus();
    expect(onLogout).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'My Account' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(onLogout).toHaveBeenCalled();
    expect(reviewInProgressStore.get()).toBe(false);
  });
});

/** The side menu, a chunk of its own rendered when the menu button is first pressed. */
async function phoneMenu(): Promise<HTMLElement> {
  fireEvent.click(document.querySelector('ion-menu-button')!);
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('ion-menu');
    if (!menu) throw new Error('no menu yet');
    return menu;
  });
}

describe('on a phone', () => {
  beforeEach(() => {
    routeFetch({ 'POST /api/session/heartbeat': ok({}), 'DELETE /xplanapi/session': noContent() });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === PHONE_QUERY, addEventListener() {}, removeEventListener() {} }));
  });

  it('has one menu: the navigation and My Account in the side menu, nothing competing in the header', async () => {
    renderShell();
    expect(screen.queryByRole('button', { name: 'My Account' })).not.toBeInTheDocument();
    expect(document.querySelectorAll('ion-menu-button')).toHaveLength(1);
    expect(document.querySelector('ion-menu-button')).toHaveAttribute('aria-label', 'Menu');
    const menu = await phoneMenu();
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Analysis' })).toHaveAttribute('href', '/clients/analysis');
    expect(within(menu).getByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Security questions' })).toHaveAttribute('href', '/clients/security-questions');
    expect(within(menu).getByText('Last login: 20 Nov 2026 9:14 UTC')).toBeInTheDocument();
    // The header holds the menu button and the logo only.
    expect(screen.getAllByRole('link', { name: 'Analysis' })).toHaveLength(1);
    act(() => unreadCountStore.set(3));
    expect(within(menu).getByRole('link', { name: /^Messages and documents\s*\(3 unread\)$/ })).toBeInTheDocument();
  });

  it('renders the side menu only when the menu button is first pressed, and opens it then', async () => {
    renderShell();
    // Issue 13: the menu's Ionic elements were one of the longest tasks of a phone's first load.
    // The shell has settled (its client data are in) and still no menu has been rendered.
    await waitFor(() => expect(screen.getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/clients/home'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.querySelector('ion-menu')).toBeNull();
    const open = vi.spyOn(customElements.get('ion-menu')!.prototype as HTMLIonMenuElement, 'open');
    const menu = await phoneMenu();
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the menu button from the first paint, before the lazily loaded menu registers', async () => {
    renderShell();
    // Ionic hides a menu button until its menu registers (autoHide); the menu is a chunk of its
    // own, so the button would appear late and push the logo aside.
    expect(document.querySelector<HTMLIonMenuButtonElement>('ion-menu-button')!.autoHide).toBe(false);
    await phoneMenu();
  });

  it('logs out from the menu, asking first during a review', async () => {
    reviewInProgressStore.set(true);
    const { onLogout } = renderShell();
    const menu = await phoneMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Log out' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Log out during your review?' })).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(onLogout).toHaveBeenCalled();
  });
});
