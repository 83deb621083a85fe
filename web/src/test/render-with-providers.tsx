import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import rawConfig from '../../public/site-config.json';
import { normaliseSiteConfig, type SiteConfig } from '../shared/config/site-config';
import { SiteConfigProvider } from '../shared/config/site-config-context';
import { clientDataQuery } from '../shared/api/client-data';
import { createQueryClient } from '../shared/api/query-client';
import { QueryClientHolderProvider } from '../shared/api/query-client-holder';
import { SessionProvider, type SessionState } from '../shared/session/session-context';
import type { SiteAccessLevel } from '../shared/session/site-access';
import type { SessionUser } from '../shared/session/session-user';
import { ToastProvider } from '../shared/ui/toast';

export const testConfig: SiteConfig = normaliseSiteConfig(rawConfig);

export const clientUser: SessionUser = {
  id: 12,
  entity_id: 1001,
  role_name: 'ClientUser',
  entity_name: 'Whitfield, Eleanor',
  display_name: 'Eleanor Whitfield',
  first_name: 'Eleanor',
  last_name: 'Whitfield',
  preferred_name: 'Ellie',
  locale: 'en-gb',
  region: 'GB',
  user_timezone: 'Europe/London',
  last_login: '2026-11-20T09:14:03Z',
  partner_entity_id: null,
  partners_display_name: null,
  preferred_currency: 'GBP',
  client_access_level: { code: '1', description: 'Client Portfolio' },
  method: 'password',
  tfaMethods: ['sms'],
};

export const adviserUser: SessionUser = {
  ...clientUser,
  id: 3,
  entity_id: 500,
  role_name: 'User',
  entity_name: 'Hale, Samuel',
  display_name: 'Samuel Hale',
  first_name: 'Samuel',
  last_name: 'Hale',
  preferred_name: null,
  client_access_level: null,
};

interface Options {
  path?: string;
  route?: string;
  session?: SessionState;
  extraRoutes?: ReactElement[];
}

/** Renders one page with the app's providers and a memory router. */
export function renderPage(page: ReactElement, { path = '/', route = '*', session = { status: 'anonymous' }, extraRoutes = [] }: Options = {}) {
  return render(
    <QueryClientHolderProvider client={testQueryClient()}>
    <QueryClientProvider client={testQueryClient()}>
    <MemoryRouter initialEntries={[path]} future={{ v7_relativeSplatPath: true, v7_startTransition: false }}>
      <ToastProvider>
        <SiteConfigProvider initialConfig={testConfig} loading={null} renderError={() => null}>
          <SessionProvider initialState={session}>
            <Routes>
              {extraRoutes}
              <Route path={route} element={page} />
            </Routes>
          </SessionProvider>
        </SiteConfigProvider>
      </ToastProvider>
    </MemoryRouter>
    </QueryClientProvider>
    </QueryClientHolderProvider>,
  );
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let queryClient: QueryClient | null = null;

/** The query client of the current test (renderPage and seedClientData use it); reset after each test. */
export function testQueryClient(): QueryClient {
  queryClient ??= createQueryClient();
  return queryClient;
}

/**
 * Forgets the current test's query client (src/test/setup.ts, after each test). Its queries in
 * flight are cancelled first: otherwise a call still waiting to retry would land in the next
 * test's fetch stub and its call log.
 */
export async function resetTestQueryClient(): Promise<void> {
  const client = queryClient;
  queryClient = null;
  if (!client) return;
  await client.cancelQueries();
  client.clear();
}

/** Forgets the client data, so the next render loads it. */
export function forgetClientData(): void {
  testQueryClient().removeQueries({ queryKey: ['client-data'] });
}

/**
 * Marks a client's data (shared/api/client-data.ts) as loaded in the test's query client, for
 * tests about something else than loading it.
 */
export function seedClientData(user: SessionUser, siteAccess: SiteAccessLevel = 'Portfolio'): void {
  testQueryClient().setQueryData(clientDataQuery(user.entity_id, testConfig.settings).queryKey, {
    entityId: user.entity_id,
    client: { id: user.entity_id, client_access_level: user.client_access_level },
    members: [],
    siteAccess,
  });
}
