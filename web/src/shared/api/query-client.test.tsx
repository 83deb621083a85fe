import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clientUser, testConfig } from '../../test/render-with-providers';
import { clientInContextStore, type ClientInContext } from '../session/client-in-context';
import { SessionProvider, useSession } from '../session/session-context';
import { featureTogglesQuery } from './feature-toggles';
import { createQueryClient, type QueryScope } from './query-client';
import { siteConfigQuery } from './site-config';

afterEach(() => clientInContextStore.reset());

/** A cache holding one query of each scope, as the app has after a while. */
function filledCache() {
  const client = createQueryClient();
  // The real options, so the scopes are the ones the api files declare.
  const seed = ({ queryKey, meta }: { queryKey: readonly unknown[]; meta?: { scope?: QueryScope } }, data: unknown) =>
    client.getQueryCache().build(client, { queryKey: [...queryKey], meta }).setData(data);
  seed(siteConfigQuery(), testConfig);
  seed(featureTogglesQuery('GB'), { 'use-client-reports': true });
  client.setQueryData(['portfolio', 1001], { value: 1 });
  return client;
}
/** The queries that hold data (the session check's disabled query holds none). */
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
    <QueryClientProvider client={client}>
      <SessionProvider initialState={{ status: 'signed-in', user: clientUser }}>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return () => session!;
}

const someClient = (entity_id: number): ClientInContext => ({ id: entity_id, entity_id, display_name: `Client ${entity_id}`, client_access_level: null });

describe('query cache lifecycle', () => {
  it('logout (or a lost session) clears every query but the site configuration', () => {
    const client = filledCache();
    const session = renderSession(client);
    expect(keys(client)).toEqual(['feature-toggles', 'portfolio', 'site-config']);
    act(() => session().clear());
    expect(keys(client)).toEqual(['site-config']);
    expect(session().state).toEqual({ status: 'anonymous' });
  });

  it("a change of the adviser's client in context clears that client's data, not the user's own", () => {
    const client = filledCache();
    renderSession(client);
    act(() => clientInContextStore.set(someClient(2001)));
    expect(keys(client)).toEqual(['feature-toggles', 'site-config']);
    client.setQueryData(['portfolio', 2001], { value: 2 });
    act(() => clientInContextStore.set({ ...someClient(2001), display_name: 'Same client, new object' }));
    expect(keys(client)).toContain('portfolio');
    act(() => clientInContextStore.set(someClient(2002)));
    expect(keys(client)).toEqual(['feature-toggles', 'site-config']);
  });
});
