import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clientUser } from '../../test/render-with-providers';
import { clientInContextStore, type ClientInContext } from '../session/client-in-context';
import { SessionProvider, useSession } from '../session/session-context';
import { featureTogglesQuery } from './feature-toggles';
import { createQueryClient, type QueryScope } from './query-client';
import { QueryClientHolderProvider, useQueryClientHolder, type QueryClientHolder } from './query-client-holder';
import { ServerStateProvider } from './server-state-provider';

afterEach(() => clientInContextStore.reset());

/** A cache holding one query of each scope, as the app has after a while. */
function filledCache() {
  const client = createQueryClient();
  // The real options, so the scopes are the ones the api files declare.
  const seed = ({ queryKey, meta }: { queryKey: readonly unknown[]; meta?: { scope?: QueryScope } }, data: unknown) =>
    client.getQueryCache().build(client, { queryKey: [...queryKey], meta }).setData(data);
  // The portal's own data (as the platform version in shared/api/site-info.ts).
  seed({ queryKey: ['platform-version'], meta: { scope: 'portal' } }, '2026.1');
  seed(featureTogglesQuery('GB'), { 'use-client-reports': true });
  client.setQueryData(['portfolio', 1001], { value: 1 });
  return client;
}
/** The queries that hold data. */
const keys = (client: ReturnType<typeof createQueryClient>) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined)
    .map((query) => query.queryKey[0])
    .sort();

function renderSession(client: ReturnType<typeof createQueryClient>) {
  let session: ReturnType<typeof useSession> | null = null;
  function Probe() {
    session = useSession();
    return null;
  }
  render(
    <QueryClientHolderProvider client={client}>
      <SessionProvider initialState={{ status: 'signed-in', user: clientUser }}>
        <ServerStateProvider>
          <Probe />
        </ServerStateProvider>
      </SessionProvider>
    </QueryClientHolderProvider>,
  );
  return () => session!;
}

const someClient = (entity_id: number): ClientInContext => ({ id: entity_id, entity_id, display_name: `Client ${entity_id}`, site_access_level: 'Portfolio', is_preview_mode: false });

describe('query cache lifecycle', () => {
  it('logout (or a lost session) clears every query but the portal\'s own', () => {
    const client = filledCache();
    const session = renderSession(client);
    expect(keys(client)).toEqual(['feature-toggles', 'platform-version', 'portfolio']);
    act(() => session().clear());
    expect(keys(client)).toEqual(['platform-version']);
    expect(session().state).toEqual({ status: 'anonymous' });
  });

  it("a change of the adviser's client in context clears that client's data, not the user's own", () => {
    const client = filledCache();
    renderSession(client);
    act(() => clientInContextStore.set(someClient(2001)));
    expect(keys(client)).toEqual(['feature-toggles', 'platform-version']);
    client.setQueryData(['portfolio', 2001], { value: 2 });
    act(() => clientInContextStore.set({ ...someClient(2001), display_name: 'Same client, new object' }));
    expect(keys(client)).toContain('portfolio');
    act(() => clientInContextStore.set(someClient(2002)));
    expect(keys(client)).toEqual(['feature-toggles', 'platform-version']);
  });

  it('is one client per app, created by the first part that needs it, and logout before that is harmless', () => {
    let holder: QueryClientHolder | null = null;
    let session: ReturnType<typeof useSession> | null = null;
    function Probe() {
      holder = useQueryClientHolder();
      session = useSession();
      return null;
    }
    const view = render(
      <QueryClientHolderProvider>
        <SessionProvider initialState={{ status: 'anonymous' }}>
          <Probe />
        </SessionProvider>
      </QueryClientHolderProvider>,
    );
    expect(holder!.client).toBeNull();
    act(() => session!.clear());
    view.rerender(
      <QueryClientHolderProvider>
        <SessionProvider initialState={{ status: 'anonymous' }}>
          <Probe />
          <ServerStateProvider>
            <p>Signed-in area</p>
          </ServerStateProvider>
        </SessionProvider>
      </QueryClientHolderProvider>,
    );
    const first = holder!.client;
    expect(first).not.toBeNull();
    first!.setQueryData(['portfolio', 1001], { value: 1 });
    view.rerender(
      <QueryClientHolderProvider>
        <SessionProvider initialState={{ status: 'anonymous' }}>
          <Probe />
          <ServerStateProvider>
            <p>Login steps</p>
          </ServerStateProvider>
        </SessionProvider>
      </QueryClientHolderProvider>,
    );
    expect(holder!.client).toBe(first);
    act(() => session!.clear());
    expect(first!.getQueryData(['portfolio', 1001])).toBeUndefined();
  });
});
