import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientHolderProvider } from '../../shared/api/query-client-holder';
import { SiteConfigProvider } from '../../shared/config/site-config-context';
import { clientInContextStore } from '../../shared/session/client-in-context';
import { SessionProvider } from '../../shared/session/session-context';
import type { SiteAccessLevel } from '../../shared/session/site-access';
import type { SessionUser } from '../../shared/session/session-user';
import { ToastProvider } from '../../shared/ui/toast';
import { noContent, ok, routeFetch } from '../../test/fetch-routes';
import { adviserUser, clientUser, resetTestQueryClient, seedClientData, testConfig, testQueryClient } from '../../test/render-with-providers';
import { SignedInShell } from './signed-in-shell';

// The balance sheet's entry in the signed-in main navigation (issue 17): the shipped site
// configuration (public/site-config.json) links it in the main bar as the page's heading, 'Balance
// Sheet' (spec 2 §2.5), and the shell shows it exactly where the page's route opens (spec 1 §2,
// spec 2 §6: Portfolio or Assets access, for the client and for an adviser with the client in context).

function renderShell(user: SessionUser, path: string) {
  render(
    <QueryClientHolderProvider client={testQueryClient()}>
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[path]} future={{ v7_relativeSplatPath: true, v7_startTransition: false }}>
          <ToastProvider>
            <SiteConfigProvider initialConfig={testConfig} loading={null} renderError={() => null}>
              <SessionProvider initialState={{ status: 'signed-in', user }}>
                <Routes>
                  <Route path="/clients/*" element={<SignedInShell onLogout={vi.fn()}>Client page</SignedInShell>} />
                  <Route path="/advisers/*" element={<SignedInShell onLogout={vi.fn()}>Adviser page</SignedInShell>} />
                </Routes>
              </SessionProvider>
            </SiteConfigProvider>
          </ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </QueryClientHolderProvider>,
  );
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

beforeEach(() => routeFetch({ 'POST /api/session/heartbeat': ok({}), 'DELETE /xplanapi/session': noContent() }));

afterEach(() => {
  vi.unstubAllGlobals();
  clientInContextStore.reset();
});

describe("the balance sheet's navigation entry", () => {
  it.each<[SiteAccessLevel, boolean]>([
    ['Portfolio', true],
    ['Assets', true],
    ['Messages', false],
    ['NotAssigned', false],
  ])('shows a client with %s access the link: %s', (siteAccess, shown) => {
    seedClientData(clientUser, siteAccess);
    renderShell(clientUser, '/clients/documents-and-messages');
    const link = mainNav().queryByRole('link', { name: 'Balance Sheet' });
    if (shown) expect(link).toHaveAttribute('href', '/clients/balance-sheet');
    else expect(link).not.toBeInTheDocument();
  });

  it('shows an adviser the link with a Portfolio or Assets client in context, never without a client', () => {
    for (const [level, shown] of [
      ['Portfolio', true],
      ['Assets', true],
      ['Messages', false],
    ] as const) {
      resetTestQueryClient();
      clientInContextStore.set({ id: 12, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: level, is_preview_mode: false });
      renderShell(adviserUser, '/clients/documents-and-messages');
      expect(mainNav().queryByRole('link', { name: 'Balance Sheet' }) !== null).toBe(shown);
      cleanup();
    }
    clientInContextStore.reset();
    renderShell(adviserUser, '/advisers/');
    expect(mainNav().queryByRole('link', { name: 'Balance Sheet' })).not.toBeInTheDocument();
  });
});
