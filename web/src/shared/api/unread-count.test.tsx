import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unreadCountStore } from '../session/unread-count';
import { ok, routeFetch } from '../../test/fetch-routes';
import { clientUser, renderPage } from '../../test/render-with-providers';
import { useUnreadCountSync } from './unread-count';

afterEach(() => {
  vi.unstubAllGlobals();
  unreadCountStore.reset();
});

function Probe({ entityId }: { entityId: number | null }) {
  useUnreadCountSync(entityId);
  return null;
}

describe('the navigation badge count (spec 1 §2, spec 3 §7.1)', () => {
  it("asks 21 of the client's unread received notes and keeps the store in step", async () => {
    const routes = routeFetch({ 'GET /xplanapi/docnote-v2': ok(Array.from({ length: 21 }, (_, id) => ({ id }))) });
    renderPage(<Probe entityId={1001} />, { session: { status: 'signed-in', user: clientUser } });
    await waitFor(() => expect(unreadCountStore.get()).toBe(21));
    const url = routes.calls()[0]!.url;
    expect(Object.fromEntries(url.searchParams)).toEqual({ page_size: '21', 'firstread.include_read_notes': 'false', docsubtype_exclude: 'Client Initiated' });
  });

  it('asks nothing for someone who is not a client', async () => {
    const routes = routeFetch({});
    renderPage(<Probe entityId={null} />, { session: { status: 'signed-in', user: clientUser } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(routes.calls()).toEqual([]);
    expect(unreadCountStore.get()).toBe(0);
  });
});
